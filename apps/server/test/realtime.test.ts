import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { queues, userQueues, users } from '../src/db/schema';
import { rooms } from '../src/platform/realtime-port';
import { addConnection, customerWrites, setUserFlags } from './attendance';
import { bearer, createTenant, createTestApp, PASSWORD, type Tenant, type TestContext, twoInstancesOnRedis } from './harness';
import { connect, connected, drained, emitWithAck, openSocket, reaching, recorder, sleep, socketTracker } from './socket-client';

let t: TestContext;
let a: Tenant;
let b: Tenant;
let queueId: number;
const { track, drain } = socketTracker();

beforeAll(async () => {
  t = await createTestApp({ socket: {} });
  a = await createTenant(t);
  b = await createTenant(t);
  const [q] = await t.database.db.insert(queues).values({ companyId: a.companyId, name: 'Sales', color: '#123456' }).returning();
  queueId = q.id;
  await t.database.db.insert(userQueues).values({ companyId: a.companyId, userId: a.userId, queueId });
});
afterEach(() => {
  for (const s of drain()) s.disconnect();
});
afterAll(async () => t?.close());

describe('handshake', () => {
  it('refuses a socket without a token', async () => {
    await expect(connected(track(openSocket(t.url!, a.companyId, undefined)))).rejects.toThrow('ERR_SESSION_EXPIRED');
  });

  it('refuses a bad token', async () => {
    await expect(connected(track(openSocket(t.url!, a.companyId, 'not.a.jwt')))).rejects.toThrow('ERR_SESSION_EXPIRED');
    const forged = `${a.adminToken.slice(0, -4)}AAAA`;
    await expect(connected(track(openSocket(t.url!, a.companyId, forged)))).rejects.toThrow('ERR_SESSION_EXPIRED');
  });

  it("refuses another company's namespace", async () => {
    await expect(connected(track(openSocket(t.url!, b.companyId, a.adminToken, a.adminId)))).rejects.toThrow(
      'ERR_SESSION_EXPIRED',
    );
  });

  it('refuses a user id in the query that is not the token’s', async () => {
    await expect(connected(track(openSocket(t.url!, a.companyId, a.userToken, a.adminId)))).rejects.toThrow(
      'ERR_SESSION_EXPIRED',
    );
  });

  it('refuses a stale token (a newer login replaced the session)', async () => {
    const tenant = await createTenant(t);
    await t.database.db.update(users).set({ tokenVersion: 5 }).where(eq(users.id, tenant.userId));
    await expect(connected(track(openSocket(t.url!, tenant.companyId, tenant.userToken)))).rejects.toThrow('ERR_SESSION_EXPIRED');
  });

  it('as a client built from the seeds connects (userId in the query, no token): refused; as the OpenAPI description says (auth.token): accepted (issue 37)', async () => {
    await expect(connected(track(openSocket(t.url!, a.companyId, undefined, a.userId)))).rejects.toThrow('ERR_SESSION_EXPIRED');
    const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json();
    expect(doc.info.description).toContain('auth: { token }');
    expect(doc.info.description).toContain('ERR_TOKEN_EXPIRED');
    await connected(track(openSocket(t.url!, a.companyId, a.userToken, a.userId)));
  });

  it('an expired token is refused with ERR_TOKEN_EXPIRED (the client refreshes and connects again)', async () => {
    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({ cid: a.companyId, tv: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(a.userId))
      .setExpirationTime(now - 60)
      .sign(new TextEncoder().encode(t.deps.config.jwtSecret!));
    await expect(connected(track(openSocket(t.url!, a.companyId, expired)))).rejects.toThrow('ERR_TOKEN_EXPIRED');
  });

  it('refuses the default namespace and non-numeric ones', async () => {
    await expect(connected(track(openSocket(t.url!, '', a.adminToken)))).rejects.toThrow();
    await expect(connected(track(openSocket(t.url!, 'abc', a.adminToken)))).rejects.toThrow();
  });

  it('accepts a valid token on its own company namespace', async () => {
    const s = track(await connect(t.url!, a.companyId, a.adminToken, a.adminId));
    expect(s.connected).toBe(true);
  });
});

describe('rooms and events', () => {
  it('delivers an event only to the rooms it names, and never to another company', async () => {
    const admin = track(await connect(t.url!, a.companyId, a.adminToken, a.adminId));
    const user = track(await connect(t.url!, a.companyId, a.userToken, a.userId));
    const other = track(await connect(t.url!, b.companyId, b.adminToken, b.adminId));
    const [ra, ru, rb] = [recorder(admin), recorder(user), recorder(other)];
    const gw = t.gateway!;

    gw.publish(a.companyId, 'queue', { action: 'update', queueId: 1 }, [rooms.admins()]);
    gw.publish(a.companyId, 'contact', { action: 'update', contactId: 7 }, [rooms.queue(queueId)]);
    gw.publish(a.companyId, 'tag', { action: 'update', tagId: 3 }, [rooms.noQueue()]);
    gw.publish(a.companyId, 'whatsapp', { action: 'update', whatsappId: 2 }, []); // no room: nobody
    gw.publish(a.companyId, 'ticket', { action: 'update', ticketId: 9 }); // whole company
    gw.publish(b.companyId, 'chat', { action: 'update', chatId: 1 }); // sentinel for company B

    await ra.wait(`company-${a.companyId}-ticket`);
    await ru.wait(`company-${a.companyId}-ticket`);
    await rb.wait(`company-${b.companyId}-chat`);
    await drained(t, a.companyId, ra, ru);
    await drained(t, b.companyId, rb);

    expect(ra.names()).toEqual([`company-${a.companyId}-queue`, `company-${a.companyId}-tag`, `company-${a.companyId}-ticket`]);
    expect(ru.names()).toEqual([`company-${a.companyId}-contact`, `company-${a.companyId}-ticket`]);
    expect(rb.names()).toEqual([`company-${b.companyId}-chat`]);
  });

  it('joins and leaves ticket, status and notification rooms on request, validating arguments', async () => {
    // A ticket without queue, visible to a user with allTicket.
    await setUserFlags(t, a.userId, { allTicket: 'enabled' });
    const { ticketId } = await customerWrites(t, (await addConnection(t, a)).id);
    const user = track(await connect(t.url!, a.companyId, a.userToken, a.userId));
    const r = recorder(user);
    expect(await emitWithAck(user, 'joinChatBox', '999999')).toEqual({ ok: false, error: 'ERR_NO_TICKET_FOUND' });
    expect(await emitWithAck(user, 'joinChatBox', String(ticketId))).toEqual({ ok: true });
    expect(await emitWithAck(user, 'joinTickets', 'open')).toEqual({ ok: true });
    expect(await emitWithAck(user, 'joinNotification')).toEqual({ ok: true });
    expect(await emitWithAck(user, 'joinTickets', 'open; DROP TABLE users')).toEqual({ ok: false, error: 'ERR_VALIDATION' });
    expect(await emitWithAck(user, 'joinChatBox', { $gt: 1 })).toEqual({ ok: false, error: 'ERR_VALIDATION' });
    expect(await emitWithAck(user, 'joinChatBox', '../1')).toEqual({ ok: false, error: 'ERR_VALIDATION' });

    const gw = t.gateway!;
    gw.publish(a.companyId, 'appMessage', { action: 'create', message: { id: 1 } }, [rooms.ticket(ticketId)]);
    gw.publish(a.companyId, 'ticket', { action: 'update', ticketId: 42 }, [rooms.status('open')]);
    gw.publish(a.companyId, 'chat', { action: 'new-message', chatId: 1 }, [rooms.notification()]);
    await r.wait(`company-${a.companyId}-chat`);
    expect(r.names()).toEqual([
      `company-${a.companyId}-appMessage`,
      `company-${a.companyId}-ticket`,
      `company-${a.companyId}-chat`,
    ]);

    expect(await emitWithAck(user, 'joinChatBoxLeave', String(ticketId))).toEqual({ ok: true });
    expect(await emitWithAck(user, 'leaveTickets', 'open')).toEqual({ ok: true });
    expect(await emitWithAck(user, 'leaveNotification')).toEqual({ ok: true });
    gw.publish(a.companyId, 'appMessage', { action: 'create', message: { id: 2 } }, [rooms.ticket(ticketId)]);
    gw.publish(a.companyId, 'ticket', { action: 'update', ticketId: 42 }, [rooms.status('open')]);
    gw.publish(a.companyId, 'chat', { action: 'new-message', chatId: 1 }, [rooms.notification()]);
    gw.publish(a.companyId, 'tag', { action: 'delete', tagId: 1 }); // sentinel
    await r.wait(`company-${a.companyId}-tag`);
    expect(r.events).toHaveLength(4);
  });

  it('has rooms and handlers in place before the client can emit, however slow the room lookup', async () => {
    const handlers = (t.gateway as unknown as { opts: { handlers: { roomsFor: (ctx: unknown) => Promise<string[]> } } }).opts
      .handlers;
    const roomsFor = handlers.roomsFor;
    handlers.roomsFor = async (ctx) => {
      await sleep(300); // the slow lookup is the subject: a real delay the client's early emit must outlast
      return roomsFor(ctx);
    };
    try {
      const s = track(openSocket(t.url!, a.companyId, a.userToken, a.userId));
      const r = recorder(s);
      // emitted at once, as the web client does on 'connect': buffered by the client, answered by the server
      expect(await emitWithAck(s, 'joinNotification')).toEqual({ ok: true });
      t.gateway!.publish(a.companyId, 'contact', { action: 'update', contactId: 1 }, [rooms.queue(queueId)]);
      t.gateway!.publish(a.companyId, 'chat', { action: 'update', chatId: 1 }, [rooms.notification()]);
      await r.wait(`company-${a.companyId}-chat`);
      expect(r.names()).toEqual([`company-${a.companyId}-contact`, `company-${a.companyId}-chat`]);
    } finally {
      handlers.roomsFor = roomsFor;
    }
  });

  it('userStatus marks the user online with lastSeen and tells the admins', async () => {
    const admin = track(await connect(t.url!, a.companyId, a.adminToken, a.adminId));
    const ra = recorder(admin);
    const user = track(await connect(t.url!, a.companyId, a.userToken, a.userId));
    const ru = recorder(user);
    await t.database.db.update(users).set({ online: false, lastSeen: null }).where(eq(users.id, a.userId));

    expect(await emitWithAck(user, 'userStatus')).toEqual({ ok: true });
    const row = await t.database.db.query.users.findFirst({ where: eq(users.id, a.userId) });
    expect(row?.online).toBe(true);
    expect(Date.now() - (row?.lastSeen?.getTime() ?? 0)).toBeLessThan(60_000);
    expect(await ra.wait(`company-${a.companyId}-user`)).toEqual({ action: 'update', user: { id: a.userId, online: true } });
    await drained(t, a.companyId, ru);
    expect(ru.names()).not.toContain(`company-${a.companyId}-user`); // plain users are not told
  });

  it('a second login tells the first session (auth event) and then ends its socket', async () => {
    const tenant = await createTenant(t);
    const first = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: tenant.userEmail, password: PASSWORD },
      remoteAddress: '10.50.0.1',
    });
    const s = track(await connect(t.url!, tenant.companyId, first.json().token, tenant.userId));
    const r = recorder(s);
    const closed = new Promise<string>((resolve) => s.on('disconnect', (reason) => resolve(reason)));
    const second = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: tenant.userEmail, password: PASSWORD },
      remoteAddress: '10.50.0.2',
    });
    expect(second.statusCode).toBe(200);
    expect(await r.wait(`company-${tenant.companyId}-auth`)).toEqual({ action: 'logout', user: { id: tenant.userId } });
    expect(await closed).toBeTruthy();
    // the new session connects fine
    const fresh = track(await connect(t.url!, tenant.companyId, second.json().token, tenant.userId));
    expect(fresh.connected).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/auth/me', headers: bearer(second.json().token) })).statusCode).toBe(200);
  });
});

describe('two instances on Redis', () => {
  const redisUrl = process.env.REDIS_URL;
  it.skipIf(!redisUrl)(
    'an event published on instance A reaches a client of instance B, and never a client of another company',
    async () => {
      const [one, two] = await twoInstancesOnRedis(redisUrl!);
      try {
        const x = await createTenant(one);
        const y = await createTenant(one);
        // clients on instance B only
        const xAdmin = track(await connect(two.url!, x.companyId, x.adminToken, x.adminId));
        const xUser = track(await connect(two.url!, x.companyId, x.userToken, x.userId));
        const yAdmin = track(await connect(two.url!, y.companyId, y.adminToken, y.adminId));
        const [rxa, rxu, rya] = [recorder(xAdmin), recorder(xUser), recorder(yAdmin)];
        await reaching(one, x.companyId, rxa, rxu);
        await reaching(one, y.companyId, rya);

        one.gateway!.publish(x.companyId, 'ticket', { action: 'update', ticketId: 1 });
        one.gateway!.publish(x.companyId, 'queue', { action: 'update', queueId: 1 }, [rooms.admins()]);
        expect(await rxa.wait(`company-${x.companyId}-ticket`)).toEqual({ action: 'update', ticketId: 1 });
        expect(await rxu.wait(`company-${x.companyId}-ticket`)).toEqual({ action: 'update', ticketId: 1 });
        await rxa.wait(`company-${x.companyId}-queue`);
        await drained(one, x.companyId, rxu);
        await drained(one, y.companyId, rya);
        expect(rxu.names()).toEqual([`company-${x.companyId}-ticket`]);
        expect(rya.events).toEqual([]);

        // disconnecting a user from instance A ends their socket on B
        const closed = new Promise<void>((resolve) => xUser.on('disconnect', () => resolve()));
        one.gateway!.publish(x.companyId, 'auth', { action: 'logout', user: { id: x.userId } }, [rooms.user(x.userId)]);
        one.gateway!.disconnectUser(x.companyId, x.userId);
        await rxu.wait(`company-${x.companyId}-auth`);
        await closed;
        expect(xAdmin.connected).toBe(true);
      } finally {
        for (const s of drain()) s.disconnect();
        await two.close();
        await one.close();
      }
    },
  );
});
