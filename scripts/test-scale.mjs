#!/usr/bin/env node
// npm run test:scale — the scaled deployment proven end to end (issue 23): PostgreSQL + Redis (already running:
// 127.0.0.1:5432 trust / 6379, or SCALE_DATABASE_URL / SCALE_REDIS_URL), 3 API processes with jobs behind nginx
// (deploy/nginx.conf), and everything below done through nginx only. Exits non-zero on the first failed check.
import { randomBytes } from 'node:crypto';
import {
  addressesByProcess,
  api,
  connectSocket,
  customerWrites,
  log,
  request,
  sample,
  setupCompany,
  signIn,
  startStack,
  waitFor,
  webDistBuilt,
} from './scale/stack.mjs';

const started = Date.now();
let failed = false;
function check(ok, what) {
  if (!ok) {
    failed = true;
    throw new Error(`FAILED: ${what}`);
  }
  log(`ok: ${what}`);
}

const stack = await startStack({ processes: 3, env: { LOGIN_RATE_IP_PER_MINUTE: '1000' } });
const sockets = [];
try {
  // Web app served by nginx (when built), API answered by the processes.
  if (webDistBuilt()) {
    const page = await request(`${stack.webUrl}/tickets/42`);
    check(page.status === 200 && page.text.includes('<div id="root">'), 'nginx serves the web app with the index.html fallback');
  } else log('apps/web/dist is not built: web serving not checked');
  const hidden = await request(`${stack.apiUrl}/metrics`, { headers: { authorization: `Bearer ${stack.metricsToken}` } });
  check(hidden.status === 404, 'nginx does not expose /metrics publicly');

  const company = await setupCompany(stack, { queues: 1, usersPerQueue: 3 });
  const queue = company.queues[0];
  const byProcess = await addressesByProcess(stack, 1);
  const wire = `company-${company.companyId}-appMessage`;

  // One attendant per process: sign in and open the socket from an address nginx sends to that process.
  const attendants = [];
  for (const [i, p] of stack.procs.entries()) {
    const from = byProcess.get(p.name)[0];
    const u = queue.users[i];
    const session = await signIn(stack, u.email, u.password, from);
    const socket = await connectSocket(stack, company.companyId, session, from);
    const seen = [];
    socket.on(wire, (e) => seen.push(e));
    sockets.push(socket);
    attendants.push({ email: u.email, from, session, socket, seen, home: p.name });
    log(`${u.email} from ${from}: sign-in answered by ${session.instance}, socket on ${p.name}`);
  }
  for (const p of stack.procs) {
    check(sample(await stack.metrics(p), 'atendo_sockets') === 1, `${p.name} holds exactly one socket (its /metrics)`);
  }

  // A customer writes; the webhook lands on api-1; every attendant's socket (on 3 processes) hears it live.
  const customer = `55119${String(Date.now()).slice(-8)}`;
  const first = await customerWrites(
    stack,
    queue.connection,
    { from: customer, body: 'Olá, preciso de ajuda' },
    attendants[0].from,
  );
  check(first.status === 200, `webhook accepted by ${first.instance}`);
  const live = (a, wamidBody) =>
    waitFor(`${a.email} to hear "${wamidBody}"`, async () => a.seen.find((e) => e.message?.body === wamidBody), { ms: 10_000 });
  const events = await Promise.all(attendants.map((a) => live(a, 'Olá, preciso de ajuda')));
  for (const a of attendants) log(`  ${a.email} heard it on ${a.home}`);
  check(
    events.length === 3,
    `a message ingested by ${first.instance} reached sockets on ${stack.procs.map((p) => p.name).join(', ')}`,
  );
  const ticketId = events[0].message.ticketId;
  const contactId = events[0].message.contactId ?? events[0].ticket?.contactId ?? events[0].contact?.id;

  const other = `55119${String(Date.now() + 1).slice(-8)}`;
  await customerWrites(stack, queue.connection, { from: other, body: 'Outro cliente aqui' }, attendants[0].from);
  const otherEvent = await live(attendants[0], 'Outro cliente aqui');
  const otherTicketId = otherEvent.message.ticketId;
  const accept = await api(
    stack,
    attendants[0].session.token,
    'PUT',
    `/tickets/${otherTicketId}`,
    {
      status: 'open',
      userId: attendants[0].session.user.id,
    },
    attendants[0].from,
  );
  check(accept.status === 200, `${attendants[0].email} accepted the second customer's ticket (${accept.status})`);

  // Jobs queued before the kill: a schedule due in a few seconds (per-minute sweep) and an outbound send.
  const scheduleBody = `Lembrete agendado ${randomBytes(3).toString('hex')}`;
  const sched = await api(
    stack,
    attendants[0].session.token,
    'POST',
    '/schedules',
    {
      body: scheduleBody,
      sendAt: new Date(Date.now() + 5_000).toISOString(),
      contactIds: [contactId],
      whatsappId: queue.connection.id,
    },
    attendants[0].from,
  );
  check(
    sched.status === 200 || sched.status === 201,
    `schedule created (${sched.status}${sched.status >= 300 ? ` ${sched.text}` : ''})`,
  );

  // SIGKILL the process that holds attendant 3's socket.
  const victim = stack.procs[2];
  const orphan = attendants[2];
  let reconnected = false;
  orphan.socket.io.once('reconnect', () => {
    reconnected = true;
  });
  stack.kill(victim, 'SIGKILL');
  log(`SIGKILL ${victim.name} (pid ${victim.child.pid})`);
  await waitFor(`${victim.name} to die`, async () => !victim.alive, { ms: 5_000 });

  // An attendant accepts a second customer's ticket and answers while the process is dead: the send job runs on a live one.
  const outBody = `Resposta enviada ${randomBytes(3).toString('hex')}`;
  const sent = await api(
    stack,
    attendants[0].session.token,
    'POST',
    `/messages/${otherTicketId}`,
    { body: outBody },
    attendants[0].from,
  );
  check(
    sent.status < 300,
    `outbound message stored by ${sent.instance} (${sent.status}${sent.status >= 300 ? ` ${sent.text}` : ''})`,
  );
  // A customer message while attendant 3 has no socket: the resync must bring it.
  const missed = await customerWrites(stack, queue.connection, { from: customer, body: 'Mensagem durante a queda' }, orphan.from);
  check(
    missed.status === 200,
    `webhook from ${orphan.from} (was ${victim.name}) answered by ${missed.instance} while ${victim.name} is dead`,
  );

  await waitFor('the orphaned socket to reconnect through nginx', async () => reconnected && orphan.socket.connected, {
    ms: 30_000,
  });
  const where = await request(`${stack.apiUrl}/health`, { from: orphan.from });
  log(`  ${orphan.email}'s socket reconnected; ${orphan.from} is now served by ${where.instance}`);
  check(where.instance !== victim.name, 'the reconnected socket lives on a live process');
  // Resync as the web does on reconnect: re-join the ticket room and read the conversation again.
  const joined = await orphan.socket.timeout(5_000).emitWithAck('joinChatBox', String(ticketId));
  check(joined.ok === true, 'the reconnected socket re-joined the ticket room');
  const reread = await api(stack, orphan.session.token, 'GET', `/messages/${ticketId}`, undefined, orphan.from);
  const bodies = (reread.json?.messages ?? []).map((m) => m.body);
  check(
    bodies.includes('Mensagem durante a queda'),
    'the refetch after reconnect has the message sent while the socket was down',
  );
  const heardLive = orphan.seen.some((e) => e.message?.body === 'Mensagem durante a queda');
  log(
    `  (that message ${heardLive ? 'also arrived live: the socket was back before it' : 'was not heard live: only the refetch brought it'})`,
  );
  const afterBody = 'Voltei, alguém aí?';
  await customerWrites(stack, queue.connection, { from: customer, body: afterBody }, attendants[1].from);
  await Promise.all(attendants.map((a) => live(a, afterBody)));
  check(true, 'a new message reaches all three sockets again, the reconnected one included');

  // Jobs keep running without the killed process.
  await waitFor(
    'the outbound send to reach the Graph API',
    async () => stack.standin.sent.some((s) => s.body?.text?.body === outBody),
    { ms: 60_000 },
  );
  check(true, 'the outbound message was sent by a live process');
  await waitFor('the schedule to be sent', async () => stack.standin.sent.some((s) => s.body?.text?.body === scheduleBody), {
    ms: 90_000,
    every: 1_000,
  });
  check(true, 'the schedule was sent by a live process');

  // Meta redelivers the first message through another process: still one message.
  const again = await customerWrites(
    stack,
    queue.connection,
    { from: customer, body: 'Olá, preciso de ajuda', id: first.wamid },
    attendants[1].from,
  );
  check(again.status === 200, `redelivery accepted by ${again.instance}`);

  // No duplicate anywhere.
  const { rows: dupMessages } = await stack.db.query(
    'SELECT whatsapp_id, external_id, count(*)::int AS n FROM messages WHERE external_id IS NOT NULL GROUP BY 1, 2 HAVING count(*) > 1',
  );
  check(dupMessages.length === 0, 'no message stored twice (external id per connection)');
  const { rows: tickets } = await stack.db.query(
    "SELECT count(*)::int AS n FROM tickets WHERE contact_id = $1 AND status IN ('open', 'pending')",
    [contactId],
  );
  check(tickets[0].n === 1, 'the customer has exactly one live ticket');
  const { rows: inbound } = await stack.db.query('SELECT count(*)::int AS n FROM messages WHERE ticket_id = $1 AND NOT from_me', [
    ticketId,
  ]);
  check(inbound[0].n === 3, `3 customer messages stored once each (found ${inbound[0].n})`);
  const { rows: live2 } = await stack.db.query(
    "SELECT count(*)::int AS n FROM tickets WHERE contact_id <> $1 AND status IN ('open', 'pending')",
    [contactId],
  );
  check(live2[0].n === 1, 'the second customer has exactly one live ticket');
  for (const body of [outBody, scheduleBody]) {
    const n = stack.standin.sent.filter((s) => s.body?.text?.body === body).length;
    check(n === 1, `"${body}" sent to the customer exactly once (${n})`);
  }
  const scraped = await stack.metrics(stack.procs[0]);
  check(
    sample(scraped, 'atendo_ingest_events_total', { channel: 'whatsappapi', outcome: 'message' }) >= 1,
    'api-1 /metrics counted ingested messages',
  );
} catch (err) {
  failed = true;
  console.error(`\n${err.stack ?? err}`);
} finally {
  for (const s of sockets) s.disconnect();
  await stack.stop({ keepDir: failed });
  if (failed) log(`logs kept in ${stack.dir}`);
}
log(`${failed ? 'test:scale FAILED' : 'test:scale passed'} in ${Math.round((Date.now() - started) / 1000)} s`);
process.exit(failed ? 1 : 0);
