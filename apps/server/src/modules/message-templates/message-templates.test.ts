import { envelope, type GraphStandin, inbound, REENGAGEMENT_ERROR, startGraphStandin, status } from '@atendo/graph-standin';
import { sendFailureReason } from '@atendo/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { appWithCompanies, bearer, type Tenant, type TestContext } from '../../../test/harness';
import { type CloudConnection, createCloudConnection, deliver, playsMeta, postWebhook, query } from '../../../test/messaging';
import { sendMessageJob } from '../messages/messages.jobs';
import { syncTemplatesJob } from './message-templates.jobs';

const WABA = '102290129340398';
const HOUR = 60 * 60 * 1000;

let t: TestContext;
let standin: GraphStandin;
let a: Tenant;
let b: Tenant;
let conn: CloudConnection;

const ORDER_READY = {
  name: 'pedido_pronto',
  language: 'pt_BR',
  category: 'UTILITY' as const,
  components: [
    { type: 'HEADER' as const, format: 'TEXT' as const, text: 'Pedido {{1}}' },
    { type: 'BODY' as const, text: 'Olá {{1}}, seu pedido {{2}} está pronto para retirada.' },
    { type: 'FOOTER' as const, text: 'Loja Exemplo' },
  ],
};

beforeAll(async () => {
  standin = playsMeta(await startGraphStandin({ appSecret: 'unused' }));
  [t, a, b] = await appWithCompanies(2, { env: { GRAPH_API_URL: standin.url, GRAPH_API_VERSION: 'v21.0' } });
  conn = await createCloudConnection(t, a, { businessAccountId: WABA });
  standin.addTemplate(WABA, ORDER_READY, conn.phoneNumberId);
  standin.addTemplate(WABA, {
    name: 'promocao',
    language: 'pt_BR',
    category: 'MARKETING',
    status: 'REJECTED',
    rejectedReason: 'PROMOTIONAL',
    components: [{ type: 'BODY', text: 'Promoção!' }],
  });
  standin.addTemplate(WABA, {
    name: 'lembrete',
    language: 'pt_BR',
    status: 'PAUSED',
    components: [{ type: 'BODY', text: 'Lembrete' }],
  });
});
afterAll(async () => {
  await t?.close();
  await standin?.close();
});
beforeEach(() => standin.clear());

const call = (method: 'GET' | 'POST', url: string, token = a.adminToken, payload?: unknown) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload: payload as never } : {}) });

let seq = 0;
/** A customer who wrote `hoursAgo` hours ago (Meta's clock and ours agree), and their ticket taken by the user. */
async function customerWhoWrote(hoursAgo: number) {
  const from = `55319${String(Date.now()).slice(-5)}${String(++seq).padStart(3, '0')}`;
  await deliver(t, conn, [inbound.text({ from, body: 'oi', timestamp: new Date(Date.now() - hoursAgo * HOUR) })]);
  const [row] = await query<{ id: number }>(
    t,
    sql`SELECT t.id FROM tickets t JOIN contacts c ON c.id = t.contact_id WHERE c.number = ${from} AND t.whatsapp_id = ${conn.id}`,
  );
  await t.database.db.execute(sql`UPDATE tickets SET status = 'open', user_id = ${a.userId} WHERE id = ${row.id}`);
  return { ticketId: row.id, from };
}

const messageRow = async (id: number) =>
  (
    await query<{ ack: number; send_error: string | null; body: string; media_type: string }>(
      t,
      sql`SELECT ack, send_error, body, media_type FROM messages WHERE id = ${id}`,
    )
  )[0];

const runSend = (messageId: number) => t.deps.jobs.runNow(sendMessageJob, { messageId, companyId: a.companyId, attempt: 1 });

async function queuedAttempts(messageId: number) {
  const rows = await query<{ attempt: number }>(
    t,
    sql`SELECT (data->>'attempt')::int AS attempt FROM pgboss.job WHERE name = 'messages.send' AND (data->>'messageId')::bigint = ${messageId}`,
  );
  return rows.map((r) => r.attempt);
}

describe('templates of a Cloud API connection (issue 36)', () => {
  it('are synced on demand from the WhatsApp Business Account and stored with their status', async () => {
    expect((await call('GET', `/whatsapp/${conn.id}/templates`, a.userToken)).json()).toEqual({ templates: [], syncedAt: null });
    const res = await call('POST', `/whatsapp/${conn.id}/templates/sync`);
    expect(res.statusCode, res.body).toBe(200);
    expect(standin.requests.at(-1)).toMatchObject({
      method: 'GET',
      path: `/v21.0/${WABA}/message_templates`,
      authorization: `Bearer ${conn.accessToken}`,
    });
    const list = (await call('GET', `/whatsapp/${conn.id}/templates`, a.userToken)).json();
    expect(list.syncedAt).toEqual(expect.any(String));
    expect(
      list.templates.map((x: { name: string; status: string; usable: boolean; rejectedReason: string | null }) => [
        x.name,
        x.status,
        x.usable,
        x.rejectedReason,
      ]),
    ).toEqual([
      ['lembrete', 'PAUSED', false, null],
      ['pedido_pronto', 'APPROVED', true, null],
      ['promocao', 'REJECTED', false, 'PROMOTIONAL'],
    ]);
    expect(list.templates[1].components[1]).toEqual(ORDER_READY.components[1]);
  });

  it('the hourly job stores what changed at Meta; a template Meta no longer lists is forgotten', async () => {
    standin.setTemplateStatus(WABA, 'lembrete', 'APPROVED');
    standin.addTemplate(WABA, { name: 'boas_vindas', language: 'pt_BR', components: [{ type: 'BODY', text: 'Bem-vindo!' }] });
    await t.deps.jobs.runNow(syncTemplatesJob, {});
    const names = (await call('GET', `/whatsapp/${conn.id}/templates`, a.userToken))
      .json()
      .templates.map((x: { name: string; status: string }) => `${x.name}:${x.status}`);
    expect(names).toEqual(['boas_vindas:APPROVED', 'lembrete:APPROVED', 'pedido_pronto:APPROVED', 'promocao:REJECTED']);
    standin.setTemplateStatus(WABA, 'lembrete', 'PAUSED');
  });

  it('sync: only who manages connections; no account id → ERR_TEMPLATES_NO_ACCOUNT; another company → 404', async () => {
    expect((await call('POST', `/whatsapp/${conn.id}/templates/sync`, a.userToken)).statusCode).toBe(403);
    const bare = await createCloudConnection(t, a);
    const res = await call('POST', `/whatsapp/${bare.id}/templates/sync`);
    expect([res.statusCode, res.json().error]).toEqual([400, 'ERR_TEMPLATES_NO_ACCOUNT']);
    expect((await call('GET', `/whatsapp/${conn.id}/templates`, b.adminToken)).statusCode).toBe(404);
    expect((await call('POST', `/whatsapp/${conn.id}/templates/sync`, b.adminToken)).statusCode).toBe(404);
  });
});

describe('the 24-hour window and template sends (issue 36)', () => {
  beforeAll(async () => {
    await call('POST', `/whatsapp/${conn.id}/templates/sync`);
  });

  it('the ticket knows when the window closes: 24 h after the customer last wrote', async () => {
    const { ticketId } = await customerWhoWrote(25);
    const [last] = await query<{ at: Date }>(
      t,
      sql`SELECT max(created_at) AS at FROM messages WHERE ticket_id = ${ticketId} AND NOT from_me`,
    );
    const res = await call('GET', `/tickets/${ticketId}/customer-window`, a.userToken);
    expect(res.json()).toEqual({ applies: true, closesAt: new Date(new Date(last.at).getTime() + 24 * HOUR).toISOString() });
  });

  it('a free text 25 h after the customer wrote is refused by Meta (131047): failed with the reason, not retried', async () => {
    const { ticketId, from } = await customerWhoWrote(25);
    const res = await call('POST', `/messages/${ticketId}`, a.userToken, { body: 'Ainda precisa de ajuda?' });
    const id = res.json().id as number;
    await runSend(id);
    expect(standin.sent).toHaveLength(0);
    const [refused] = standin.refused;
    expect(refused.to).toBe(from);
    // Meta posts the failure as a status of the message it accepted.
    await postWebhook(
      t,
      conn,
      envelope(
        { phoneNumberId: conn.phoneNumberId },
        {
          statuses: [
            status('failed', { id: refused.wamid, recipient: from, reference: refused.reference, error: REENGAGEMENT_ERROR }),
          ],
        },
      ),
    );
    const row = await messageRow(id);
    expect(row.ack).toBe(0);
    expect(row.send_error).toContain('(131047)');
    expect(sendFailureReason(row.send_error)).toBe('window24h');
    expect(await queuedAttempts(id)).toEqual([1]); // the first send only: no retry
  });

  it('the same customer gets an approved template with its parameters; the message shows what they see', async () => {
    const { ticketId, from } = await customerWhoWrote(25);
    const res = await call('POST', `/messages/template/${ticketId}`, a.userToken, {
      name: 'pedido_pronto',
      language: 'pt_BR',
      parameters: { header: ['#1234'], body: ['Maria', '#1234'] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().id as number;
    await runSend(id);
    expect(standin.sent).toHaveLength(1);
    expect(standin.sent[0]).toMatchObject({ to: from, type: 'template' });
    expect(standin.sent[0].rendered).toEqual({
      header: 'Pedido #1234',
      body: 'Olá Maria, seu pedido #1234 está pronto para retirada.',
      footer: 'Loja Exemplo',
      buttons: [],
    });
    expect(await messageRow(id)).toMatchObject({
      ack: 1,
      send_error: null,
      media_type: 'template',
      body: 'Pedido #1234\nOlá Maria, seu pedido #1234 está pronto para retirada.\nLoja Exemplo',
    });
  });

  it('a media header is sent as its file by link (the header’s type), and a value that is not a link is refused', async () => {
    standin.addTemplate(WABA, {
      name: 'boleto',
      language: 'pt_BR',
      category: 'UTILITY',
      components: [
        { type: 'HEADER', format: 'DOCUMENT' },
        { type: 'BODY', text: 'Segue o boleto de {{1}}.' },
      ],
    });
    expect((await call('POST', `/whatsapp/${conn.id}/templates/sync`)).statusCode).toBe(200);
    const { ticketId } = await customerWhoWrote(25);
    const notLink = await call('POST', `/messages/template/${ticketId}`, a.userToken, {
      name: 'boleto',
      language: 'pt_BR',
      parameters: { header: ['boleto.pdf'], body: ['Maria'] },
    });
    expect([notLink.statusCode, notLink.json().fields]).toEqual([
      400,
      [{ path: 'parameters.header.1', message: 'validation.invalid' }],
    ]);
    const res = await call('POST', `/messages/template/${ticketId}`, a.userToken, {
      name: 'boleto',
      language: 'pt_BR',
      parameters: { header: ['https://files.example.com/boleto.pdf'], body: ['Maria'] },
    });
    expect(res.statusCode, res.body).toBe(200);
    await runSend(res.json().id);
    expect(standin.sent).toHaveLength(1);
    const sentComponents = (standin.sent[0].body.template as { components: unknown[] }).components;
    expect(sentComponents).toContainEqual({
      type: 'header',
      parameters: [{ type: 'document', document: { link: 'https://files.example.com/boleto.pdf' } }],
    });
    expect(await messageRow(res.json().id)).toMatchObject({ ack: 1, send_error: null, body: 'Segue o boleto de Maria.' });
  });

  it('refuses before sending: a missing variable, a template not approved or unknown here', async () => {
    const { ticketId } = await customerWhoWrote(25);
    const missing = await call('POST', `/messages/template/${ticketId}`, a.userToken, {
      name: 'pedido_pronto',
      language: 'pt_BR',
      parameters: { header: ['#1'], body: ['Maria'] },
    });
    expect([missing.statusCode, missing.json().error, missing.json().fields]).toEqual([
      400,
      'ERR_VALIDATION',
      [{ path: 'parameters.body.2', message: expect.any(String) }],
    ]);
    const rejected = await call('POST', `/messages/template/${ticketId}`, a.userToken, { name: 'promocao', language: 'pt_BR' });
    expect([rejected.statusCode, rejected.json().error]).toEqual([409, 'ERR_TEMPLATE_NOT_APPROVED']);
    const unknown = await call('POST', `/messages/template/${ticketId}`, a.userToken, { name: 'nada', language: 'pt_BR' });
    expect([unknown.statusCode, unknown.json().error]).toEqual([404, 'ERR_TEMPLATE_NOT_FOUND']);
    expect(standin.sent).toHaveLength(0);
  });

  it('Meta changed the template since the last sync: 132000 and 132001 mark the message failed with the reason, once', async () => {
    const { ticketId } = await customerWhoWrote(25);
    // At Meta the template now has a third body variable, and `boas_vindas` was deleted.
    standin.rules.clearTemplates();
    standin.addTemplate(WABA, {
      ...ORDER_READY,
      components: [ORDER_READY.components[0], { type: 'BODY', text: 'Olá {{1}}, seu pedido {{2}} está pronto em {{3}}.' }],
    });
    const params = await call('POST', `/messages/template/${ticketId}`, a.userToken, {
      name: 'pedido_pronto',
      language: 'pt_BR',
      parameters: { header: ['#9'], body: ['Ana', '#9'] },
    });
    const gone = await call('POST', `/messages/template/${ticketId}`, a.userToken, { name: 'boas_vindas', language: 'pt_BR' });
    for (const [res, code, reason] of [
      [params, '132000', 'templateParameters'],
      [gone, '132001', 'templateMissing'],
    ] as const) {
      expect(res.statusCode, res.body).toBe(200);
      const id = res.json().id as number;
      await runSend(id);
      const row = await messageRow(id);
      expect(row.ack).toBe(0);
      expect(row.send_error).toContain(`(${code})`);
      expect(sendFailureReason(row.send_error)).toBe(reason);
      expect(await queuedAttempts(id)).toEqual([1]); // permanent: no retry queued
    }
    expect(standin.sent).toHaveLength(0);
    // Meta's current list again, for the tests after this one.
    await call('POST', `/whatsapp/${conn.id}/templates/sync`);
  });
});
