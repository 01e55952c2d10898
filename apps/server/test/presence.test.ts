import { eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { users } from '../src/db/schema';
import type { Scheduler } from '../src/platform/realtime';
import { createTenant, createTestApp, type Tenant, type TestContext, twoInstancesOnRedis } from './harness';
import { connect, emitWithAck, recorder, socketTracker } from './socket-client';

/** The presence grace driven by the test: a check runs only when the test says the grace is over. */
function manualClock() {
  const pending: { run: () => Promise<void>; cancelled: boolean }[] = [];
  let scheduled = 0;
  const schedule: Scheduler = (run) => {
    const job = { run, cancelled: false };
    pending.push(job);
    scheduled++;
    return () => {
      job.cancelled = true;
    };
  };
  return {
    schedule,
    /** How many checks were ever scheduled: one per socket the server saw close. */
    scheduled: () => scheduled,
    /** The grace ends: every waiting check runs to its end. */
    async elapse() {
      const due = pending.splice(0).filter((j) => !j.cancelled);
      for (const job of due) await job.run();
    },
  };
}

const clock = manualClock();
let t: TestContext;
let a: Tenant;
const { track, drain } = socketTracker();
/** Closes a client socket and waits until the server has noticed (its offline check is scheduled). */
async function close(s: Socket, c = clock) {
  const before = c.scheduled();
  s.disconnect();
  await vi.waitFor(() => expect(c.scheduled()).toBeGreaterThan(before));
}
const online = async (userId: number) => (await t.database.db.query.users.findFirst({ where: eq(users.id, userId) }))?.online;

beforeAll(async () => {
  t = await createTestApp({ socket: { schedule: clock.schedule } });
  a = await createTenant(t);
});
afterEach(async () => {
  for (const s of drain()) if (s.connected) await close(s);
  await clock.elapse();
});
afterAll(async () => t?.close());

describe('presence: offline when the last socket closes', () => {
  it('stays online while another socket of the user is open; the last one closing marks offline after the grace and tells the admins', async () => {
    const admin = track(await connect(t.url!, a.companyId, a.adminToken, a.adminId));
    const ra = recorder(admin);
    const tab1 = track(await connect(t.url!, a.companyId, a.userToken, a.userId));
    const tab2 = track(await connect(t.url!, a.companyId, a.userToken, a.userId));
    expect(await emitWithAck(tab1, 'userStatus')).toEqual({ ok: true });
    expect(await online(a.userId)).toBe(true);
    const offlineEvents = () =>
      ra.events.filter(
        (e) => e.event === `company-${a.companyId}-user` && (e.payload as { user: { online: boolean } }).user.online === false,
      );

    await close(tab1);
    await clock.elapse();
    expect(await online(a.userId)).toBe(true);
    expect(offlineEvents()).toEqual([]);

    await close(tab2);
    expect(await online(a.userId)).toBe(true); // within the grace
    await clock.elapse();
    expect(await online(a.userId)).toBe(false);
    await vi.waitFor(() => expect(offlineEvents()).toHaveLength(1));
    expect(offlineEvents()[0].payload).toEqual({ action: 'update', user: { id: a.userId, online: false } });
  });

  it('a reconnect within the grace (a page reload) is never marked offline', async () => {
    const admin = track(await connect(t.url!, a.companyId, a.adminToken, a.adminId));
    const ra = recorder(admin);
    const tab = track(await connect(t.url!, a.companyId, a.userToken, a.userId));
    expect(await emitWithAck(tab, 'userStatus')).toEqual({ ok: true });

    await close(tab);
    const reloaded = track(await connect(t.url!, a.companyId, a.userToken, a.userId));
    await clock.elapse();
    expect(await online(a.userId)).toBe(true);
    expect(await emitWithAck(reloaded, 'userStatus')).toEqual({ ok: true });
    expect(ra.events.map((e) => e.payload)).not.toContainEqual({ action: 'update', user: { id: a.userId, online: false } });
  });

  it('an offline check never touches another company’s user of the same id space', async () => {
    const b = await createTenant(t);
    const bTab = track(await connect(t.url!, b.companyId, b.userToken, b.userId));
    expect(await emitWithAck(bTab, 'userStatus')).toEqual({ ok: true });
    const aTab = track(await connect(t.url!, a.companyId, a.userToken, a.userId));
    expect(await emitWithAck(aTab, 'userStatus')).toEqual({ ok: true });
    await close(aTab);
    await clock.elapse();
    expect(await online(a.userId)).toBe(false);
    expect(await online(b.userId)).toBe(true);
  });
});

describe('presence across two instances on Redis', () => {
  const redisUrl = process.env.REDIS_URL;
  it.skipIf(!redisUrl)(
    'a socket closing on instance A does not mark offline a user still connected to instance B; the last one does',
    async () => {
      const clockA = manualClock();
      const [one, two] = await twoInstancesOnRedis(redisUrl!, { schedule: clockA.schedule });
      try {
        const x = await createTenant(one);
        const admin = await connect(two.url!, x.companyId, x.adminToken, x.adminId);
        const ra = recorder(admin);
        const onA = await connect(one.url!, x.companyId, x.userToken, x.userId);
        const onB = await connect(two.url!, x.companyId, x.userToken, x.userId);
        expect(await emitWithAck(onA, 'userStatus')).toEqual({ ok: true });
        const isOnline = async () => (await one.database.db.query.users.findFirst({ where: eq(users.id, x.userId) }))?.online;

        await close(onA, clockA);
        await clockA.elapse();
        expect(await isOnline()).toBe(true);

        await close(onB, clockA);
        await clockA.elapse();
        expect(await isOnline()).toBe(false);
        expect(
          await vi.waitFor(() => {
            const seen = ra.events.find((e) => (e.payload as { user?: { online?: boolean } }).user?.online === false);
            expect(seen).toBeDefined();
            return seen?.payload;
          }),
        ).toEqual({ action: 'update', user: { id: x.userId, online: false } });
        admin.disconnect();
      } finally {
        await two.close();
        await one.close();
      }
    },
  );
});
