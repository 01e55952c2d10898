/**
 * Fixtures of the attendance tests (tickets, conversation, tags): users with flags and queues, queues,
 * connections through the API, and customers writing in through the ingest pipeline — the realistic path.
 */
import { randomBytes } from 'node:crypto';
import type { UserFlag } from '@atendo/shared';
import { eq, sql } from 'drizzle-orm';
import type { InboundMessage } from '../src/channels/types';
import { rowsOf } from '../src/db/open';
import { queues, tickets, userQueues, users } from '../src/db/schema';
import { hashPassword } from '../src/modules/auth/auth.service';
import { createIngestService } from '../src/modules/ingest/ingest.service';
import { bearer, type Tenant, type TestContext } from './harness';
import { createCloudConnection, metaSawCustomer } from './messaging';

let seq = 0;
const next = () => `${++seq}${randomBytes(2).toString('hex')}`;

export interface TestUser {
  id: number;
  token: string;
}

/** A user of the tenant with the given profile, flags (enabled) and queues, signed in. */
export async function addUser(
  t: TestContext,
  tenant: Tenant,
  opts: { profile?: 'admin' | 'user'; flags?: UserFlag[]; queueIds?: number[]; name?: string } = {},
): Promise<TestUser> {
  const n = next();
  const flags = Object.fromEntries((opts.flags ?? []).map((f) => [f, 'enabled']));
  const [u] = await t.database.db
    .insert(users)
    .values({
      companyId: tenant.companyId,
      name: opts.name ?? `Attendant ${n}`,
      email: `att-${n}@example.com`,
      passwordHash: await hashPassword('Secret#123'),
      profile: opts.profile ?? 'user',
      ...flags,
    })
    .returning();
  await setUserQueues(t, tenant, u.id, opts.queueIds ?? []);
  return { id: u.id, token: await t.deps.tokens.sign({ userId: u.id, companyId: tenant.companyId, tokenVersion: 0 }) };
}

export async function setUserQueues(t: TestContext, tenant: Tenant, userId: number, queueIds: number[]) {
  await t.database.db.delete(userQueues).where(eq(userQueues.userId, userId));
  if (queueIds.length) {
    await t.database.db.insert(userQueues).values(queueIds.map((queueId) => ({ companyId: tenant.companyId, userId, queueId })));
  }
}

export async function setUserFlags(t: TestContext, userId: number, flags: Partial<Record<UserFlag | 'farewellMessage', string>>) {
  await t.database.db.update(users).set(flags).where(eq(users.id, userId));
}

export async function addQueue(t: TestContext, tenant: Tenant, name = `Fila ${next()}`): Promise<number> {
  const color = `#${randomBytes(3).toString('hex')}`;
  const [q] = await t.database.db
    .insert(queues)
    .values({ companyId: tenant.companyId, name, color, greetingMessage: 'Olá' })
    .returning();
  return q.id;
}

/** A Cloud API connection (through the API); `queueIds` with one queue sends its new tickets there. */
export async function addConnection(t: TestContext, tenant: Tenant, extra: Record<string, unknown> = {}) {
  const conn = await createCloudConnection(t, tenant, extra);
  await t.database.db.execute(sql`UPDATE whatsapps SET status = 'CONNECTED' WHERE id = ${conn.id}`);
  return conn;
}

export async function companySetting(t: TestContext, tenant: Tenant, column: string, data: string) {
  const res = await t.app.inject({
    method: 'PUT',
    url: '/companySettings',
    headers: bearer(tenant.adminToken),
    payload: { column, data },
  });
  if (res.statusCode >= 300) throw new Error(`setting ${column}: ${res.statusCode} ${res.body}`);
}

export interface Written {
  ticketId: number;
  messageId: number;
  contactId: number;
}

/** A customer's message arriving through the pipeline (contact upsert, live ticket, message, events). */
export async function customerWrites(
  t: TestContext,
  connectionId: number,
  m: { from?: string; name?: string; body?: string; group?: { id: string; name: string }; at?: Date } = {},
): Promise<Written> {
  const evt: InboundMessage = {
    kind: 'message',
    channel: 'whatsappapi',
    connectionId,
    timestamp: m.at ?? new Date(),
    externalId: `wamid.${randomBytes(10).toString('hex')}`,
    from: m.from ?? `55119${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
    contactName: m.name ?? 'Cliente',
    isGroup: Boolean(m.group),
    group: m.group,
    fromMe: false,
    mediaType: 'text',
    body: m.body ?? 'Olá, preciso de ajuda',
  };
  if (!m.group) await metaSawCustomer(t, connectionId, evt.from, evt.timestamp);
  const [outcome] = await createIngestService(t.deps).ingest([evt]);
  if (outcome.kind !== 'message') throw new Error(`ingest: ${JSON.stringify(outcome)}`);
  await t.settled(); // the automation's answer, decided after ingest returned
  return { ticketId: outcome.ticketId, messageId: outcome.messageId, contactId: outcome.contactId };
}

export async function ticketRow(t: TestContext, id: number) {
  const [row] = await t.database.db.select().from(tickets).where(eq(tickets.id, id));
  return row;
}

export async function rows<T = Record<string, unknown>>(t: TestContext, q: ReturnType<typeof sql>) {
  return rowsOf<T>(await t.database.db.execute(q));
}

/** Ticket events recorded since `from`, with their rooms. */
export function ticketEvents(t: TestContext, from = 0) {
  return t.realtime.events.slice(from).filter((e) => e.event === 'ticket');
}
