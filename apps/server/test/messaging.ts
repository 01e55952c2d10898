/** Helpers of the message-pipeline tests: Cloud API connections, signed webhooks, row counts. */
import { randomBytes, randomInt } from 'node:crypto';
import { envelope, type Json, signBody } from '@atendo/graph-standin';
import { sql } from 'drizzle-orm';
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
