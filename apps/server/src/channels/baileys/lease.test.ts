import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTenant, createTestApp, type Tenant, type TestContext } from '../../../test/harness';
import { query } from '../../../test/messaging';
import type { BaileysSessionManager } from './sessions';
import { fakeSocketFactory } from './testing';

/** Two app instances (two processes behind a load balancer) on one database, each with its own Baileys sessions. */
let t1: TestContext;
let t2: TestContext;
let m1: BaileysSessionManager;
let m2: BaileysSessionManager;
let a: Tenant;
const f1 = fakeSocketFactory();
const f2 = fakeSocketFactory();
const ids: number[] = [];

const TTL = 1_500;

beforeAll(async () => {
  t1 = await createTestApp();
  t2 = await createTestApp({ shareWith: t1 });
  m1 = t1.app.baileys!.manager;
  m2 = t2.app.baileys!.manager;
  for (const [m, f] of [
    [m1, f1],
    [m2, f2],
  ] as const) {
    m.useSocketFactory(f.factory);
    m.opts.leaseTtlMs = TTL;
    m.opts.renewEveryMs = 200;
  }
  a = await createTenant(t1);
  for (let i = 0; i < 6; i++) {
    const res = await t1.app.inject({
      method: 'POST',
      url: '/whatsapp',
      headers: bearer(a.adminToken),
      payload: { name: `Lease ${i}`, channel: 'whatsapp' },
    });
    ids.push(res.json().id);
  }
});
afterAll(async () => {
  await t2?.close();
  await t1?.close();
});

const ownedBy = (m: BaileysSessionManager) => ids.filter((id) => m.owns(id));
const overlap = () => ids.filter((id) => m1.owns(id) && m2.owns(id));

describe('one owner per connection', () => {
  it('two processes racing for the same connections never both own one', async () => {
    for (let round = 0; round < 5; round++) {
      await Promise.all([m1.tick(), m2.tick()]);
      expect(overlap()).toEqual([]);
    }
    expect(ownedBy(m1).length + ownedBy(m2).length).toBe(ids.length);
    const rows = await query<{ whatsapp_id: number; owner: string }>(
      t1,
      sql`SELECT whatsapp_id, owner FROM baileys_sessions WHERE whatsapp_id IN (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}) ORDER BY whatsapp_id`,
    );
    expect(rows).toHaveLength(ids.length);
    for (const r of rows) expect(r.owner).toBe(m1.owns(r.whatsapp_id) ? m1.owner : m2.owner);
    // Every connection has exactly one live socket.
    const live = [...f1.sockets, ...f2.sockets].filter((s) => !s.ended);
    expect(live.map((s) => s.opts.connectionId).sort()).toEqual([...ids].sort());
  });

  it('while both renew, nothing moves; when one stops renewing the other takes its connections over', async () => {
    m1.start();
    m2.start();
    const deadline = Date.now() + 1_000;
    while (Date.now() < deadline) {
      expect(overlap()).toEqual([]);
      await new Promise((r) => setTimeout(r, 50));
    }
    // The one holding connections freezes (no renewals; its sockets still open in memory).
    const [frozen, other, frozenSockets] = ownedBy(m1).length > 0 ? [m1, m2, f1] : [m2, m1, f2];
    const held = ownedBy(frozen);
    expect(held.length).toBeGreaterThan(0);
    frozen.halt();
    const takeover = Date.now() + TTL * 4;
    while (Date.now() < takeover && ownedBy(other).length < ids.length) await new Promise((r) => setTimeout(r, 100));
    expect(ownedBy(other)).toEqual(ids);
    // It wakes up: its first renewal finds the leases gone and closes those sockets, without logging out.
    await frozen.tick();
    expect(ownedBy(frozen)).toEqual([]);
    expect(overlap()).toEqual([]);
    const old = frozenSockets.sockets.filter((s) => held.includes(s.opts.connectionId));
    expect(old.every((s) => s.ended && !s.loggedOut)).toBe(true);
    frozen.start();
  });

  it('a command for a connection another process owns is carried out by that owner', async () => {
    const id = ids[0];
    const [owner, asker, ownerSockets, askerApp] = m1.owns(id) ? [m1, m2, f1, t2] : [m2, m1, f2, t1];
    expect(owner.owns(id)).toBe(true);
    const before = ownerSockets.sockets.filter((s) => s.opts.connectionId === id).length;
    const res = await askerApp.app.inject({ method: 'POST', url: `/whatsappsession/${id}`, headers: bearer(a.adminToken) });
    expect(res.statusCode).toBe(200);
    expect(asker.owns(id)).toBe(false);
    await owner.tick();
    expect(ownerSockets.sockets.filter((s) => s.opts.connectionId === id).length).toBe(before + 1);
    expect(overlap()).toEqual([]);
  });
});
