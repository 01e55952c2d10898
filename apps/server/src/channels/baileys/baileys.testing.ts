import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { bearer, createTenant, createTestApp, type Tenant, type TestContext } from '../../../test/harness';
import { query } from '../../../test/messaging';
import type { BaileysChannel } from '.';
import { type FakeSocket, fakeSocketFactory } from './testing';

export let t: TestContext;
export let a: Tenant;
export let b: Tenant;
export let baileys: BaileysChannel;
export const fake = fakeSocketFactory();
export let conn: number;
export let sock: FakeSocket;

let seq = 0;
export const newNumber = () => `55119${String(Date.now()).slice(-5)}${String(++seq).padStart(3, '0')}`;

export async function createQrConnection(tenant: Tenant, extra: Record<string, unknown> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/whatsapp',
    headers: bearer(tenant.adminToken),
    payload: { name: `QR ${++seq}`, channel: 'whatsapp', ...extra },
  });
  expect(res.statusCode).toBe(201);
  return res.json().id as number;
}

export const session = (id = conn) => baileys.manager.session(id)!;
export const settle = async (id = conn) => {
  await session(id)?.idle();
};

export async function emitAndSettle(fn: () => void, id = conn) {
  fn();
  await settle(id);
}

export async function connect(id: number) {
  await baileys.manager.tick();
  const s = fake.last(id)!;
  s.qr();
  s.paired();
  s.open();
  await settle(id);
  return s;
}

export const sessionEvents = () =>
  t.realtime.events.filter((e) => e.event === 'whatsappSession') as {
    payload: { session: { id: number; status: string; qrcode: string; retries: number } };
  }[];

export async function contactOf(companyId: number, number: string) {
  const [c] = await query<{ id: number; name: string; number: string; lid: string | null }>(
    t,
    sql`SELECT id, name, number, lid FROM contacts WHERE company_id = ${companyId} AND number = ${number}`,
  );
  return c;
}

export async function messageOf(externalId: string) {
  const [m] = await query<Record<string, unknown>>(
    t,
    sql`SELECT m.*, t.status AS ticket_status, t.contact_id AS ticket_contact_id, t.is_group AS ticket_is_group
        FROM messages m JOIN tickets t ON t.id = m.ticket_id WHERE m.whatsapp_id = ${conn} AND m.external_id = ${externalId}`,
  );
  return m;
}

/** The session of the main connection (a test that replaces its socket says so). */
export function setSock(s: FakeSocket) {
  sock = s;
}

/**
 * One app for the calling test file: companies a and b, a QR connection of a (`conn`), Baileys on fake sockets.
 * `connected`: the main connection is paired and open before the tests (its socket is `sock`).
 */
export function useBaileysApp(opts: { connected?: boolean } = {}) {
  beforeAll(async () => {
    t = await createTestApp();
    baileys = t.app.baileys!;
    baileys.manager.useSocketFactory(fake.factory);
    a = await createTenant(t);
    b = await createTenant(t);
    conn = await createQrConnection(a);
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(() => {
    t.realtime.events.length = 0;
  });
  if (opts.connected) {
    beforeAll(async () => {
      await baileys.manager.tick();
      sock = fake.last(conn)!;
      sock.qr();
      sock.paired();
      sock.open('5511933334444');
      await settle(conn);
    });
  }
}
