/**
 * Paths exactly as the seeds write them (issue 16 item 13): every method + path of the seeds' §7
 * lists that the server has answers as written — with or without the final slash, and with the
 * optional parameters the seeds' clients send empty — never a 400/404 caused by the path itself.
 * Calls whose route is not built yet (chats, announcements, campaigns …) are listed as skipped.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addConnection, addQueue, addUser, customerWrites } from './attendance';
import { ADMIN_EMAIL, ADMIN_PASSWORD, bearer, createTenant, createTestApp, type Tenant, type TestContext } from './harness';

/** The seeds' §7 calls, as written (000, 001, 002); `{x}` are filled with real ids of company 1. */
const SEED_CALLS = [
  // seed 000 §7
  'POST /auth/login',
  'POST /auth/refresh_token',
  'GET /auth/me',
  'GET /version',
  'GET /companies/listPlan/{companyId}',
  'GET /whatsapp/?session=0',
  'GET /whatsapp?companyId={companyId}&session=0',
  'GET /whatsapp?companyId=&session=',
  'GET /whatsapp/filter?session=0&channel=',
  'GET /tickets?searchParam=&pageNumber=1&tags=&users=&status=&date=&updatedAt=&showAll=&queueIds=&withUnreadMessages=&whatsapps=&statusFilter=&sortTickets=&searchOnMessages=',
  'GET /tickets?searchParam=&pageNumber=1&tags=[]&users=[]&status=open&showAll=false&queueIds=[]&withUnreadMessages=false&whatsapps=[]&statusFilter=[]&sortTickets=DESC&searchOnMessages=false',
  'GET /tickets/u/{uuid}',
  'POST /tickets',
  'PUT /tickets/{ticketId}',
  'POST /tickets/closeAll',
  'GET /tickets-log/{ticketId}',
  'PUT /ticket-tags/{ticketId}/{tagId}',
  'GET /dashboard/moments?status=&showAll=&queueIds=&dateStart=&dateEnd=&userId=',
  'GET /usersMoments',
  'GET /messages/{ticketId}?pageNumber=1&selectedQueues=&isPrivate=&hasMedia=',
  'GET /messages/{ticketId}?pageNumber=1&selectedQueues=[]&isPrivate=false&hasMedia=false',
  'POST /messages/{ticketId}',
  'POST /messages/edit/{messageId}',
  'POST /messages/{messageId}/reactions',
  'GET /messages/transcribeAudio/{file}',
  'POST /message/forward',
  'POST /messages/lista/{ticketId}',
  'POST /messages/copy/{ticketId}',
  'POST /messages/call/{ticketId}',
  'POST /messages/URL/{ticketId}',
  'POST /messages/PIX/{ticketId}',
  'GET /messages-allMe?fromMe=&dateStart=&dateEnd=',
  'GET /contacts?searchParam=&pageNumber=1&contactTag=&channel=&isGroup=',
  'GET /contacts/?searchParam=&pageNumber=1&contactTag=[]',
  'GET /contacts/list?companyId={companyId}',
  'GET /contacts/{contactId}',
  'GET /contacts/profile/{number}',
  'POST /contacts',
  'PUT /contacts/{contactId}',
  'PUT /contacts/toggleAcceptAudio/{contactId}',
  'PUT /contacts/toggleDisableBot/{contactId}',
  'PUT /contacts/block/{contactId}',
  'POST /contacts/import',
  'POST /contacts/import/chats',
  'POST /contacts/upload',
  'POST /contactsImport',
  'GET /contactTags/{contactId}',
  'POST /tags/sync',
  'POST /tags',
  'GET /tags/list?kanban=',
  'POST /ticket-notes',
  'GET /ticket-notes/list?ticketId={ticketId}&contactId={contactId}',
  'GET /users/list',
  'GET /users/?searchParam=&pageNumber=1',
  'GET /users/{userId}',
  'PUT /users/toggleChangeWidht/{userId}',
  'GET /queue',
  'GET /companySettings/{companyId}',
  'GET /companySettingOne?column=userRating',
  'PUT /companySettings',
  'GET /settings',
  'PUT /settings/{key}',
  'GET /setting/{key}',
  'GET /public-settings/{key}',
  'GET /announcements/?searchParam=&pageNumber=1',
  'GET /chats/?searchParam=&pageNumber=1',
  'GET /dashboard?days=&date_from=&date_to=',
  'GET /ticketreport/reports',
  // seed 001 §7
  'GET /users/?searchParam=&pageNumber=1',
  'POST /users',
  'PUT /users/{userId}',
  'POST /users/{userId}/media-upload',
  'GET /companies',
  'GET /companies/list',
  'GET /companies/{companyId}',
  'GET /companiesPlan/?searchParam=&pageNumber=1',
  'POST /companies',
  'PUT /companies/{companyId}',
  'PUT /companies/{companyId}/schedules',
  'GET /plans/list?listPublic=',
  'GET /plans/all',
  'GET /helps',
  'GET /helps/list',
  'GET /financeiro/plano-atual',
  'GET /invoices/all?searchParam=&pageNumber=1',
  'GET /whatsapp/{whatsappId}?session=0',
  'GET /whatsapp/all/?session=0',
  'GET /whatsapp-admin/{whatsappId}?session=0',
  'POST /whatsapp',
  'PUT /whatsapp/{whatsappId}',
  'POST /whatsapp/{whatsappId}/media-upload',
  'POST /whatsappsession/{whatsappId}',
  'PUT /whatsappsession/{whatsappId}',
  'POST /whatsapp-restart/',
  'POST /closedimported/{whatsappId}',
  'POST /facebook',
  'GET /queue/{queueId}',
  'POST /queue',
  'PUT /queue/{queueId}',
  'GET /chatbot/{chatbotId}',
  'POST /chatbot',
  'PUT /chatbot/{chatbotId}',
  'GET /prompt',
  'GET /queueIntegration?companyId={companyId}',
  'GET /queueIntegration/?searchParam=&pageNumber=1',
  'GET /files/?searchParam=&pageNumber=1',
  // seed 002 §7
  'GET /campaigns/?searchParam=&pageNumber=1',
  'GET /contact-lists/?searchParam=&pageNumber=1',
  'GET /schedules?searchParam=&pageNumber=1',
  'GET /quick-messages?searchParam=&pageNumber=1',
  'GET /quick-messages/{quickMessageId}',
  'POST /quick-messages',
  'PUT /quick-messages/{quickMessageId}',
  'POST /quick-messages/{quickMessageId}/media-upload',
  'GET /tags/?searchParam=&pageNumber=1&kanban=0&tagId=',
  'GET /tags/{tagId}',
  'PUT /tags/{tagId}',
  'GET /tags/list?companyId={companyId}&kanban=0',
  'GET /tag/kanban/',
  'GET /ticket/kanban?queueIds=&startDate=&endDate=',
  'POST /auth/signup',
  'GET /plans/list?listPublic=false',
  // destructive calls last (their ids point at records made for them)
  'DELETE /ticket-notes/{ticketNoteId}',
  'DELETE /tags-contacts/{tagId}/{contactId}',
  'DELETE /ticket-tags/{ticketId}',
  'DELETE /messages/{messageId}',
  'DELETE /quick-messages/{quickMessageId}/media-upload',
  'DELETE /quick-messages/{quickMessageId}',
  'DELETE /schedules/{scheduleId}',
  'DELETE /chatbot/{chatbotId}',
  'DELETE /whatsapp/{whatsappId}/media-upload',
  'DELETE /whatsappsession/admin/{whatsappId}',
  'DELETE /whatsappsession/{whatsappId}',
  'DELETE /tickets/{ticketId}',
  'DELETE /contacts/{contactId}',
  'DELETE /tags/{tagId}',
  'DELETE /whatsapp/{whatsappId}',
  'DELETE /queue/{queueId}',
  'DELETE /users/{userId}',
  'DELETE /auth/logout',
];

/** GETs that may answer 404 for a reason other than the path: the thing asked for is absent by nature. */
const ABSENT_BY_NATURE = new Set(['GET /messages/transcribeAudio/{file}', 'GET /contacts/profile/{number}']);

let t: TestContext;
let superToken: string;
let ids: Record<string, string>;
/** The route pattern each request matched (undefined: no route — the not-found handler answered). */
let matched: string | undefined;
let routePatterns: Set<string>;

const normalise = (p: string) =>
  p
    .replace(/\{(\w+)\}/g, ':p')
    .replace(/:\w+/g, ':p')
    .replace(/(.)\/$/, '$1');

beforeAll(async () => {
  t = await createTestApp({
    env: { LOGIN_RATE_IP_PER_MINUTE: '100000', LOGIN_RATE_EMAIL_PER_15_MINUTES: '100000' },
    build: {
      extend: (app) => {
        app.addHook('onRequest', async (req) => {
          matched = req.routeOptions.url;
        });
      },
    },
  });
  routePatterns = new Set(
    t.routes.flatMap((r) => (Array.isArray(r.method) ? r.method : [r.method]).map((m) => `${m} ${normalise(r.url)}`)),
  );
  const login = await t.app.inject({
    method: 'POST',
    url: '/auth/login',
    payload: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
  });
  superToken = login.json().token;
  const me = login.json().user;
  // Company 1 (the super admin's) gets one record of each kind through the API and the ingest pipeline.
  const company1: Tenant = {
    companyId: me.companyId,
    adminId: me.id,
    adminEmail: ADMIN_EMAIL,
    adminToken: superToken,
    userId: me.id,
    userEmail: ADMIN_EMAIL,
    userToken: superToken,
  };
  const post = async (url: string, payload: object) => {
    const res = await t.app.inject({ method: 'POST', url, headers: bearer(superToken), payload });
    if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res.json();
  };
  const queueId = await addQueue(t, company1);
  const conn = await addConnection(t, company1);
  const written = await customerWrites(t, conn.id, { body: 'Olá' });
  const ticket = await t.app.inject({ method: 'GET', url: `/tickets/${written.ticketId}`, headers: bearer(superToken) });
  const tag = await post('/tags', { name: `Tag ${randomBytes(2).toString('hex')}`, color: '#112233' });
  const quick = await post('/quick-messages', { shortcode: `s${randomBytes(3).toString('hex')}`, message: 'Olá' });
  const note = await post('/ticket-notes', { note: 'nota', ticketId: written.ticketId, contactId: written.contactId });
  const chatbot = await post('/chatbot', { name: 'Opção', queueId, greetingMessage: 'oi' }).catch(() => ({ id: 999_999 }));
  const schedule = await post('/schedules', {
    body: 'Lembrete',
    sendAt: new Date(Date.now() + 86_400_000).toISOString(),
    contactId: written.contactId,
  }).catch(() => ({ id: 999_999 }));
  const colleague = await addUser(t, company1);
  ids = {
    companyId: String(me.companyId),
    userId: String(colleague.id), // deleted at the end: not the caller
    uuid: ticket.json().uuid,
    ticketId: String(written.ticketId),
    messageId: String(written.messageId),
    contactId: String(written.contactId),
    number: '5511988880000',
    file: 'missing.ogg',
    tagId: String(tag.id),
    quickMessageId: String(quick.id),
    ticketNoteId: String(note.id),
    chatbotId: String(chatbot.id),
    scheduleId: String(schedule.id),
    whatsappId: String(conn.id),
    queueId: String(queueId),
    key: 'primaryColorLight',
  };
}, 120_000);
afterAll(async () => t?.close());

describe('seed paths as written', () => {
  it('every §7 call the server has answers without a 400/404 caused by the path or an empty optional parameter', async () => {
    const failures: string[] = [];
    const skipped: string[] = [];
    let walked = 0;
    for (const call of SEED_CALLS) {
      const [method, target] = call.split(' ') as ['GET' | 'POST' | 'PUT' | 'DELETE', string];
      const [path] = target.split('?');
      if (!routePatterns.has(`${method} ${normalise(path)}`)) {
        skipped.push(call);
        continue;
      }
      walked++;
      const url = target.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(ids[name] ?? '1'));
      matched = undefined;
      const res = await t.app.inject({
        method,
        url,
        headers: call === 'DELETE /auth/logout' ? {} : bearer(superToken),
        ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
      });
      const seen = `${call} → ${res.statusCode} ${res.body.slice(0, 160)}`;
      if (matched === undefined) failures.push(`no route: ${seen}`);
      else if (method === 'GET' && res.statusCode === 400) failures.push(`400: ${seen}`);
      else if (method === 'GET' && res.statusCode === 404 && !ABSENT_BY_NATURE.has(call)) failures.push(`404: ${seen}`);
      else if (res.statusCode >= 500) failures.push(`5xx: ${seen}`);
    }
    console.info(`seed paths: ${walked} calls walked, ${skipped.length} not built yet: ${skipped.join('; ')}`);
    expect(walked).toBeGreaterThan(80);
    expect(failures).toEqual([]);
  }, 120_000);

  it('answers the same with and without the final slash', async () => {
    for (const url of [
      '/users/?searchParam=&pageNumber=1',
      '/tags/?searchParam=&pageNumber=1&kanban=0',
      '/contacts/?contactTag=[]',
    ]) {
      const slash = await t.app.inject({ method: 'GET', url, headers: bearer(superToken) });
      const bare = await t.app.inject({ method: 'GET', url: url.replace('/?', '?'), headers: bearer(superToken) });
      expect(slash.statusCode, `${url}: ${slash.body}`).toBe(200);
      expect(slash.json()).toEqual(bare.json());
    }
  });

  it('an empty searchParam is no search', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/contacts',
      headers: bearer(superToken),
      payload: { name: 'Busca Vazia', number: '5511977776666' },
    });
    const empty = await t.app.inject({ method: 'GET', url: '/contacts?searchParam=', headers: bearer(superToken) });
    const none = await t.app.inject({ method: 'GET', url: '/contacts', headers: bearer(superToken) });
    expect(empty.statusCode).toBe(200);
    expect(empty.json().count).toBeGreaterThan(0);
    expect(empty.json()).toEqual(none.json());
  });

  it('GET /public-settings/{key} answers the bare value', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/public-settings/primaryColorLight' });
    expect(res.statusCode).toBe(200);
    expect(typeof res.json()).toBe('string');
  });
});

describe('GET /whatsapp-admin/{id}?session=0', () => {
  it("lets the super admin read any company's connection and refuses everyone else with 403", async () => {
    const other = await createTenant(t);
    const conn = await addConnection(t, other);
    const res = await t.app.inject({ method: 'GET', url: `/whatsapp-admin/${conn.id}?session=0`, headers: bearer(superToken) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: conn.id, companyId: other.companyId, channel: 'whatsappapi' });
    expect(res.json().accessToken).not.toBe(conn.accessToken); // secrets stay masked
    for (const token of [other.adminToken, other.userToken]) {
      const refused = await t.app.inject({ method: 'GET', url: `/whatsapp-admin/${conn.id}?session=0`, headers: bearer(token) });
      expect(refused.statusCode).toBe(403);
    }
    const missing = await t.app.inject({ method: 'GET', url: '/whatsapp-admin/999999?session=0', headers: bearer(superToken) });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe('ERR_NO_WAPP_FOUND');
  });
});
