/** Helpers of the message-pipeline tests: Cloud API connections, signed webhooks, row counts. */
import { randomBytes, randomInt } from 'node:crypto';
import { envelope, type GraphStandin, type Json, signBody } from '@atendo/graph-standin';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { rowsOf } from '../src/db/open';
import { bearer, type Tenant, type TestContext } from './harness';

export interface CloudConnection {
  id: number;
  phoneNumberId: string;
  appSecret: string;
  accessToken: string;
  verifyToken: string;
}

export const newPhoneNumberId = () => `1${Array.from({ length: 14 }, () => randomInt(10)).join('')}`;

/** Creates a Cloud API connection through the API, as an admin would. */
export async function createCloudConnection(
  t: TestContext,
  tenant: Tenant,
  extra: Record<string, unknown> = {},
): Promise<CloudConnection> {
  const conn = {
    phoneNumberId: newPhoneNumberId(),
    appSecret: randomBytes(16).toString('hex'),
    accessToken: `EAAG${randomBytes(12).toString('hex')}`,
    verifyToken: `verify-${randomBytes(6).toString('hex')}`,
  };
  const res = await t.app.inject({
    method: 'POST',
    url: '/whatsapp',
    headers: bearer(tenant.adminToken),
    payload: { name: `Cloud ${conn.phoneNumberId.slice(-4)}`, channel: 'whatsappapi', ...conn, ...extra },
  });
  if (res.statusCode !== 201) throw new Error(`create connection: ${res.statusCode} ${res.body}`);
  return { id: res.json().id, ...conn };
}

/**
 * The Graph stand-ins playing Meta in this test file: a webhook posted with `postWebhook` is one Meta delivered, so the
 * customers who wrote in it get their 24-hour window on that business number there (issue 36) — a reply to them goes
 * out; a text to someone who never wrote fails with 131047. Kept per test file: a worker runs many files one after
 * another with one module state (vitest isolate: false).
 */
const metasByFile = new Map<string, Set<GraphStandin>>();
function metasOfThisFile() {
  const file = expect.getState().testPath ?? '';
  let metas = metasByFile.get(file);
  if (!metas) {
    metasByFile.clear(); // an earlier file's stand-ins are closed
    metas = new Set();
    metasByFile.set(file, metas);
  }
  return metas;
}
export function playsMeta(standin: GraphStandin): GraphStandin {
  metasOfThisFile().add(standin);
  return standin;
}

/** A customer wrote to a Cloud API connection without a webhook (straight through ingest): Meta knows it too. */
export async function metaSawCustomer(t: TestContext, connectionId: number, from: string | readonly string[], at: Date) {
  const metas = metasOfThisFile();
  if (!metas.size) return;
  const [row] = await query<{ phone_number_id: string | null }>(
    t,
    sql`SELECT phone_number_id FROM whatsapps WHERE id = ${connectionId}`,
  );
  if (!row?.phone_number_id) return;
  for (const meta of metas)
    for (const number of typeof from === 'string' ? [from] : from) meta.customerWrote(row.phone_number_id, number, at.getTime());
}

/**
 * Posts a webhook to the product as Meta would: raw bytes, signed with the app secret. Resolves once the reactions to
 * what it stored have run too (the bot's answer is decided after the webhook answered: docs/architecture.md).
 */
export async function postWebhook(
  t: TestContext,
  conn: Pick<CloudConnection, 'id' | 'appSecret'> | null,
  payload: unknown,
  opts: { signature?: string | false; secret?: string; url?: string } = {},
) {
  const body = JSON.stringify(payload);
  for (const meta of metasOfThisFile()) meta.rules.observe(payload);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  const secret = opts.secret ?? conn?.appSecret ?? '';
  if (opts.signature !== false) headers['x-hub-signature-256'] = opts.signature ?? signBody(body, secret);
  const res = await t.app.inject({
    method: 'POST',
    url: opts.url ?? (conn ? `/webhooks/whatsappapi/${conn.id}` : '/webhooks/whatsappapi'),
    headers,
    payload: body,
  });
  await t.settled();
  return res;
}

export function deliver(t: TestContext, conn: CloudConnection, messages: Json[], contacts?: { waId: string; name?: string }[]) {
  return postWebhook(t, conn, envelope({ phoneNumberId: conn.phoneNumberId }, { messages, contacts }));
}

export async function count(t: TestContext, table: 'contacts' | 'tickets' | 'messages' | 'ticket_logs', companyId: number) {
  const rows = rowsOf<{ n: number | string }>(
    await t.database.db.execute(sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)} WHERE company_id = ${companyId}`),
  );
  return Number(rows[0].n);
}

export async function query<T = Record<string, unknown>>(t: TestContext, q: ReturnType<typeof sql>) {
  return rowsOf<T>(await t.database.db.execute(q));
}

/**
 * These customers wrote to a connection `at` (now by default), as Atendo and Meta both know it: a contact each, a closed
 * ticket with their message, and their window at the stand-ins (issue 36). A free-text campaign may start for them.
 */
export async function customersWrote(
  t: TestContext,
  companyId: number,
  connectionId: number,
  people: readonly { number: string; name?: string }[],
  at = new Date(),
) {
  if (!people.length) return;
  const numbers = people.map((p) => p.number);
  const names = people.map((p) => p.name || p.number);
  await t.database.db.execute(sql`
    WITH c AS (
      INSERT INTO contacts (company_id, channel, number, name)
      SELECT ${companyId}, 'whatsapp', n, nm FROM unnest(${sql.param(numbers)}::text[], ${sql.param(names)}::text[]) AS x(n, nm)
      ON CONFLICT (company_id, channel, number) DO UPDATE SET updated_at = contacts.updated_at
      RETURNING id),
    tk AS (
      INSERT INTO tickets (company_id, contact_id, whatsapp_id, status, channel)
      SELECT ${companyId}, id, ${connectionId}, 'closed', 'whatsappapi' FROM c
      RETURNING id, contact_id)
    INSERT INTO messages (company_id, ticket_id, contact_id, whatsapp_id, body, from_me, created_at, updated_at)
    SELECT ${companyId}, id, contact_id, ${connectionId}, 'oi', false, ${at}, ${at} FROM tk`);
  await metaSawCustomer(t, connectionId, numbers, at);
}
