/**
 * Shared fixtures of the automation tests (automation*.test.ts): one app per test file with an injected clock, a
 * Graph API stand-in, and helpers to build queues, chatbot steps and connections and to read the bot's messages.
 */

import { type GraphStandin, startGraphStandin } from '@atendo/graph-standin';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { addConnection, customerWrites } from '../../../test/attendance';
import { createTestApp, type Tenant, type TestContext } from '../../../test/harness';
import { playsMeta, query } from '../../../test/messaging';
import { chatbots, queues, whatsapps } from '../../db/schema';

export let t: TestContext;
export let standin: GraphStandin;
export const auto = () => t.modules.automation;

/** Monday 2026-11-23, 14:00 in São Paulo (in the default service hours) and 03:00 (out of them). */
export const IN_HOURS = new Date('2026-11-23T17:00:00Z');
export const OUT_OF_HOURS = new Date('2026-11-23T06:00:00Z');
/** The automation's clock: tests move `clock.now` instead of sleeping. */
export const clock = { now: IN_HOURS };

/** One app (and Graph API stand-in) for the calling test file, with the automation on `clock`; `env` adds settings (read when it starts, given the stand-in's URL). */
export function useAutomationApp(
  env: ((standinUrl: string) => Record<string, string>) | { env?: (standinUrl: string) => Record<string, string> } = {},
) {
  const extra = typeof env === 'function' ? env : (env.env ?? (() => ({})));
  beforeAll(async () => {
    standin = playsMeta(await startGraphStandin({ appSecret: 'unused' }));
    t = await createTestApp({ env: { GRAPH_API_URL: standin.url, GRAPH_API_VERSION: 'v21.0', ...extra(standin.url) } });
    clock.now = IN_HOURS; // a worker runs many files with this module (vitest isolate: false): each starts on the same clock
    auto().useClock(() => clock.now);
  });
  afterAll(async () => {
    await t?.close();
    await standin?.close();
  });
}

let seq = 0;
export const newNumber = () => `55119${String(Date.now()).slice(-5)}${String(++seq).padStart(3, '0')}`;

export const HOURS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d) => ({
  weekday: d,
  weekdayEn: d as 'monday',
  startTimeA: '08:00',
  endTimeA: '12:00',
  startTimeB: '13:00',
  endTimeB: '18:00',
}));

export async function addQueue(tenant: Tenant, name: string, extra: Partial<typeof queues.$inferInsert> = {}) {
  const [q] = await t.database.db
    .insert(queues)
    .values({
      companyId: tenant.companyId,
      name,
      color: `#${Math.floor(Math.random() * 0xffffff)
        .toString(16)
        .padStart(6, '0')}`,
      greetingMessage: `Fila ${name}`,
      ...extra,
    })
    .returning();
  return q;
}

export async function addStep(
  tenant: Tenant,
  where: { queueId: number } | { parentId: number },
  step: Partial<typeof chatbots.$inferInsert> & { name: string },
) {
  const [c] = await t.database.db
    .insert(chatbots)
    .values({
      companyId: tenant.companyId,
      queueId: 'queueId' in where ? where.queueId : null,
      chatbotId: 'parentId' in where ? where.parentId : null,
      greetingMessage: '',
      ...step,
    })
    .returning();
  return c;
}

export async function connection(tenant: Tenant, queueIds: number[], fields: Partial<typeof whatsapps.$inferInsert> = {}) {
  const conn = await addConnection(t, tenant, { queueIds, greetingMessage: 'Bem-vindo à Loja!' });
  await t.database.db
    .update(whatsapps)
    .set({ greetingMessage: 'Bem-vindo à Loja!', ...fields })
    .where(eq(whatsapps.id, conn.id));
  return conn;
}

export interface BotMessage {
  id: number;
  body: string;
  kind: string;
}

export async function botMessages(ticketId: number): Promise<BotMessage[]> {
  const rows = await query<{ id: string; body: string; kind: string; user_id: number | null }>(
    t,
    sql`SELECT id, body, data_json->>'automatic' AS kind, user_id FROM messages WHERE ticket_id = ${ticketId} AND from_me ORDER BY id`,
  );
  for (const r of rows) expect(r.user_id).toBeNull();
  return rows.map((r) => ({ id: Number(r.id), body: r.body, kind: r.kind }));
}

export async function logTypes(ticketId: number) {
  const rows = await query<{ type: string }>(t, sql`SELECT type FROM ticket_logs WHERE ticket_id = ${ticketId} ORDER BY id`);
  return rows.map((r) => r.type);
}

/** A customer (one phone number) writing to a connection. */
export function customer(connId: number) {
  const from = newNumber();
  return {
    from,
    says: (body: string) => customerWrites(t, connId, { from, body }),
  };
}
