import { type GraphStandin, startGraphStandin } from '@atendo/graph-standin';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addConnection, addQueue, addUser, rows, type TestUser } from '../../../test/attendance';
import { bearer, createTenant, createTestApp, multipart, PNG_1PX, type Tenant, type TestContext } from '../../../test/harness';
import { metaSawCustomer, playsMeta } from '../../../test/messaging';
import { sendMessageJob } from '../messages/messages.public';

let standin: GraphStandin;
let t: TestContext, a: Tenant, b: Tenant, noApi: Tenant;
let tokenA: string, tokenB: string, tokenNoApi: string;
let connA: { id: number };
let ana: TestUser;
let queueA: number;

const tokenOf = async (id: number) =>
  (await rows<{ token: string }>(t, sql`SELECT token FROM whatsapps WHERE id = ${id}`))[0].token;
const send = (token: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/messages/send', headers: bearer(token), payload: payload as never });

beforeAll(async () => {
  standin = playsMeta(await startGraphStandin({ appSecret: 'unused' }));
  t = await createTestApp({ env: { GRAPH_API_URL: standin.url, GRAPH_API_VERSION: 'v21.0' } });
  a = await createTenant(t);
  b = await createTenant(t);
  noApi = await createTenant(t, { planFlags: { useExternalApi: false } });
  queueA = await addQueue(t, a, 'Vendas');
  connA = await addConnection(t, a, { queueIds: [queueA] });
  const connB = await addConnection(t, b, {});
  const connNo = await addConnection(t, noApi, {});
  ana = await addUser(t, a, { queueIds: [queueA], name: 'Ana' });
  [tokenA, tokenB, tokenNoApi] = await Promise.all([tokenOf(connA.id), tokenOf(connB.id), tokenOf(connNo.id)]);
});
afterAll(async () => {
  await t?.close();
  await standin?.close();
});
beforeEach(() => standin.clear());

describe('POST /api/messages/send (seed 002 §2.13)', () => {
  it('refuses a missing or wrong token, a plan without useExternalApi, and bad input', async () => {
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/messages/send',
      payload: { number: '5511999990000', body: 'x' },
    });
    expect(none.json()).toEqual({ error: 'ERR_INVALID_API_TOKEN' });
    expect((await send('not-a-token', { number: '5511999990000', body: 'x' })).statusCode).toBe(401);
    // a user's session token is not a connection token
    expect((await send(a.adminToken, { number: '5511999990000', body: 'x' })).json()).toEqual({ error: 'ERR_INVALID_API_TOKEN' });
    expect((await send(tokenNoApi, { number: '5511999990000', body: 'x' })).json()).toEqual({
      error: 'ERR_PLAN_FEATURE_DISABLED',
    });
    const bad = await send(tokenA, { number: '12ab', body: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual([{ path: 'number', message: 'validation.invalid' }]);
    expect((await send(tokenA, { number: '5511999990000', body: '  ' })).statusCode).toBe(400);
    // the token's company is refused as every route refuses it: switched off, or its subscription expired
    const db = t.database.db;
    const [{ due }] = await rows<{ due: string | null }>(
      t,
      sql`SELECT due_date::text AS due FROM companies WHERE id = ${a.companyId}`,
    );
    // a Facebook or Instagram connection's token: the API addresses phone numbers, so it is refused, nothing is sent
    const social = await addConnection(t, a, {});
    await db.execute(sql`UPDATE whatsapps SET channel = 'facebook' WHERE id = ${social.id}`);
    const viaFacebook = await send(await tokenOf(social.id), { number: '5511999990000', body: 'x' });
    expect(viaFacebook.statusCode).toBe(400);
    expect(viaFacebook.json()).toEqual({ error: 'ERR_API_WHATSAPP_ONLY' });
    await db.execute(sql`DELETE FROM whatsapps WHERE id = ${social.id}`);
    await db.execute(sql`UPDATE companies SET status = false WHERE id = ${a.companyId}`);
    expect((await send(tokenA, { number: '5511999990000', body: 'x' })).json()).toEqual({ error: 'ERR_COMPANY_INACTIVE' });
    // two days back: a due date is a calendar day, active through it on the company's clock (issue 30 item 2)
    await db.execute(sql`UPDATE companies SET status = true, due_date = now() - interval '2 days' WHERE id = ${a.companyId}`);
    const expired = await send(tokenA, { number: '5511999990000', body: 'x' });
    await db.execute(sql`UPDATE companies SET due_date = ${due}::timestamptz WHERE id = ${a.companyId}`);
    expect(expired.statusCode).toBe(402);
  });

  it('a text opens the contact’s ticket on the token’s connection, as the acting user, and reaches the channel', async () => {
    // The customer wrote to this number earlier today (their 24-hour window is open: a free text may go out).
    await metaSawCustomer(t, connA.id, '5511988887777', new Date());
    const res = await send(tokenA, { number: '5511988887777', body: 'Seu pedido foi enviado', userId: ana.id, queueId: queueA });
    expect(res.statusCode, res.body).toBe(200);
    const { messageId, ticketId } = res.json();
    const [ticket] = await rows<{ whatsapp_id: number; user_id: number; queue_id: number; status: string; company_id: number }>(
      t,
      sql`SELECT whatsapp_id, user_id, queue_id, status, company_id FROM tickets WHERE id = ${ticketId}`,
    );
    expect(ticket).toMatchObject({
      whatsapp_id: connA.id,
      user_id: ana.id,
      queue_id: queueA,
      status: 'open',
      company_id: a.companyId,
    });
    await t.deps.jobs.runNow(sendMessageJob, { messageId, companyId: a.companyId, attempt: 1 });
    expect(standin.sent.map((s) => [s.to, (s.body.text as { body: string }).body])).toEqual([
      ['5511988887777', 'Seu pedido foi enviado'],
    ]);
    // the same number again reuses the live ticket; closeTicket closes it after the send
    const again = await send(tokenA, { number: '5511988887777', body: 'Obrigado!', closeTicket: true });
    expect(again.json().ticketId).toBe(ticketId);
    expect((await rows<{ status: string }>(t, sql`SELECT status FROM tickets WHERE id = ${ticketId}`))[0].status).toBe('closed');
  });

  it('another company’s token never reaches this company: its users and queues are not found, its sends stay in its company', async () => {
    expect((await send(tokenB, { number: '5511977776666', body: 'x', userId: ana.id })).json()).toEqual({
      error: 'ERR_NO_USER_FOUND',
    });
    expect((await send(tokenB, { number: '5511977776666', body: 'x', queueId: queueA })).json()).toEqual({
      error: 'ERR_NO_QUEUE_FOUND',
    });
    const ok = await send(tokenB, { number: '5511977776666', body: 'Olá de B' });
    const [row] = await rows<{ company_id: number }>(t, sql`SELECT company_id FROM tickets WHERE id = ${ok.json().ticketId}`);
    expect(row.company_id).toBe(b.companyId);
  });

  it('media: checked by bytes (a text named .png is refused), sent with the body as caption', async () => {
    const fake = multipart([
      { name: 'number', data: '5511966665555' },
      { name: 'body', data: 'Foto' },
      { name: 'medias', filename: 'foto.png', contentType: 'image/png', data: Buffer.from('not an image at all') },
    ]);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/messages/send',
      headers: { ...bearer(tokenA), ...fake.headers },
      payload: fake.payload,
    });
    expect(refused.json()).toEqual({ error: 'ERR_INVALID_FILE_TYPE' });
    await metaSawCustomer(t, connA.id, '5511966665555', new Date());
    const good = multipart([
      { name: 'number', data: '5511966665555' },
      { name: 'body', data: 'Segue a foto' },
      { name: 'medias', filename: 'foto.png', contentType: 'image/png', data: PNG_1PX },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/messages/send',
      headers: { ...bearer(tokenA), ...good.headers },
      payload: good.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    await t.deps.jobs.runNow(sendMessageJob, { messageId: res.json().messageId, companyId: a.companyId, attempt: 1 });
    expect(standin.sent.map((s) => s.type)).toEqual(['image']);
    expect((standin.sent[0].body.image as { caption?: string }).caption).toBe('Segue a foto');
  });

  it('rate limited per token; the page lists the company’s tokens to admins only', async () => {
    const tokens = await t.app.inject({ method: 'GET', url: '/messages-api/tokens', headers: bearer(a.adminToken) });
    expect(tokens.json().map((x: { token: string }) => x.token)).toEqual([tokenA]);
    expect((await t.app.inject({ method: 'GET', url: '/messages-api/tokens', headers: bearer(a.userToken) })).statusCode).toBe(
      403,
    );
    for (let i = 0; i < 60; i++) await t.deps.limiter.hit(`external-api:${connA.id}`, 60, 60_000);
    expect((await send(tokenA, { number: '5511955554444', body: 'x' })).json()).toMatchObject({ error: 'ERR_TOO_MANY_REQUESTS' });
  });
});

describe('POST /api/messages/send with a template (issue 36)', () => {
  it('an approved template reaches a number that never wrote, with its parameters; an unknown one opens no ticket', async () => {
    const conn = await addConnection(t, a, { businessAccountId: '300000000000777', queueIds: [queueA] });
    standin.addTemplate(
      '300000000000777',
      { name: 'codigo_rastreio', language: 'pt_BR', components: [{ type: 'BODY', text: 'Seu código de rastreio é {{1}}.' }] },
      conn.phoneNumberId,
    );
    const synced = await t.app.inject({
      method: 'POST',
      url: `/whatsapp/${conn.id}/templates/sync`,
      headers: bearer(a.adminToken),
    });
    expect(synced.statusCode, synced.body).toBe(200);
    const token = await tokenOf(conn.id);
    const unknown = await send(token, { number: '5511955554444', template: { name: 'nada', language: 'pt_BR' } });
    expect([unknown.statusCode, unknown.json().error]).toEqual([404, 'ERR_TEMPLATE_NOT_FOUND']);
    expect(
      await rows(t, sql`SELECT t.id FROM tickets t JOIN contacts c ON c.id = t.contact_id WHERE c.number = '5511955554444'`),
    ).toEqual([]);
    const res = await send(token, {
      number: '5511955554444',
      template: { name: 'codigo_rastreio', language: 'pt_BR', parameters: { body: ['BR123'] } },
    });
    expect(res.statusCode, res.body).toBe(200);
    await t.deps.jobs.runNow(sendMessageJob, { messageId: res.json().messageId, companyId: a.companyId, attempt: 1 });
    expect(standin.sent.map((s) => [s.to, s.type, s.rendered?.body])).toEqual([
      ['5511955554444', 'template', 'Seu código de rastreio é BR123.'],
    ]);
  });
});
