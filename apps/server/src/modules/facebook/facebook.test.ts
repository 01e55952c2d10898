/**
 * Facebook and Instagram end to end against the Graph API stand-in: POST /facebook (token exchange, Pages,
 * subscriptions, one connection per Page / Instagram account, plan gates), webhooks over real HTTP (handshake,
 * signature, text, attachments, reactions, story replies, echoes), replies through the Send API inside the
 * 24-hour window and refused outside it.
 */
import {
  type GraphStandin,
  messenger,
  messengerEnvelope,
  type StandinPage,
  signBody,
  startGraphStandin,
} from '@atendo/graph-standin';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTenant, createTestApp, type Tenant, type TestContext } from '../../../test/harness';
import { playsMeta, query } from '../../../test/messaging';
import { downloadMediaJob, sendMessageJob } from '../messages/messages.public';

const APP_ID = '424242';
const SECRET = 'meta-app-secret-for-tests';
const VERIFY = 'verify-me';

let standin: GraphStandin;
let t: TestContext;
let url: string;
let a: Tenant;
let b: Tenant;
let page: StandinPage;
let fbConnectionId: number;
let igConnectionId: number;

beforeAll(async () => {
  standin = playsMeta(await startGraphStandin({ appSecret: SECRET, appId: APP_ID }));
  t = await createTestApp({
    env: {
      GRAPH_API_URL: standin.url,
      FACEBOOK_APP_ID: APP_ID,
      FACEBOOK_APP_SECRET: SECRET,
      FACEBOOK_VERIFY_TOKEN: VERIFY,
    },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  a = await createTenant(t);
  b = await createTenant(t, { planFlags: { useFacebook: false, useInstagram: false } });
  page = standin.addPage({ name: 'Loja da Ana', instagram: { username: 'lojadaana' } });
  standin.addPage({ name: 'Página sem Instagram' });
});
afterAll(async () => {
  await t?.close();
  await standin?.close();
});

const connect = (tenant: Tenant, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/facebook', headers: bearer(tenant.adminToken), payload });

const deliver = (object: 'page' | 'instagram', entryId: string, items: Record<string, unknown>[]) =>
  standin.deliverMessenger(object, entryId, items, { url: `${url}/webhooks/facebook` });

async function ticketOf(connectionId: number, customer: string) {
  const [row] = await query<{ id: number; status: string; channel: string; contact_name: string; contact_channel: string }>(
    t,
    sql`SELECT t.id, t.status, t.channel, c.name AS contact_name, c.channel AS contact_channel FROM tickets t
        JOIN contacts c ON c.id = t.contact_id WHERE t.whatsapp_id = ${connectionId} AND c.number = ${customer}`,
  );
  return row;
}

const messagesOf = (ticketId: number) =>
  query<{
    id: number;
    external_id: string;
    body: string;
    media_type: string;
    from_me: boolean;
    ack: number;
    data_json: unknown;
    media_url: string | null;
  }>(
    t,
    // id::float8: node-postgres answers bigint as a string, PGlite as a number.
    sql`SELECT id::float8 AS id, external_id, body, media_type, from_me, ack, data_json, media_url FROM messages WHERE ticket_id = ${ticketId} ORDER BY created_at, id`,
  );

describe('POST /facebook', () => {
  it('refuses a plan without Facebook/Instagram and a user without the permission', async () => {
    const res = await connect(b, { facebookUserId: '1001', facebookUserToken: 'EAAshortlivedtoken' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('ERR_PLAN_FEATURE_DISABLED');
    const user = await t.app.inject({
      method: 'POST',
      url: '/facebook',
      headers: bearer(a.userToken),
      payload: { facebookUserId: '1001', facebookUserToken: 'EAAshortlivedtoken' },
    });
    expect(user.statusCode).toBe(403);
    expect((await connect(a, { facebookUserId: 'abc', facebookUserToken: 'x' })).statusCode).toBe(400);
    expect(standin.subscriptions.size).toBe(0);
  });

  it('exchanges the token, subscribes every Page and creates one connection per Page', async () => {
    const res = await connect(a, { facebookUserId: '1001', facebookUserToken: 'EAAshortlivedtoken' });
    expect(res.statusCode).toBe(200);
    const list = res.json() as { id: number; channel: string; name: string; status: string; facebookPageUserId: string }[];
    expect(list.map((c) => [c.channel, c.name, c.status])).toEqual([
      ['facebook', 'Loja da Ana', 'CONNECTED'],
      ['facebook', 'Página sem Instagram', 'CONNECTED'],
    ]);
    fbConnectionId = list[0].id;
    expect(list[0].facebookPageUserId).toBe(page.id);
    expect(standin.subscriptions.get(page.id)).toEqual(
      expect.arrayContaining(['messages', 'message_echoes', 'message_reactions']),
    );
    const exchange = standin.requests.find((r) => r.path === '/v13.0/oauth/access_token');
    expect(exchange?.query).toMatchObject({ client_id: APP_ID, client_secret: SECRET, fb_exchange_token: 'EAAshortlivedtoken' });
    // Tokens are kept server-side only: the Page token is what the Send API gets, the long-lived user token is stored.
    const [row] = await query<{ token_meta: string; facebook_user_token: string }>(
      t,
      sql`SELECT token_meta, facebook_user_token FROM whatsapps WHERE id = ${fbConnectionId}`,
    );
    expect(row).toEqual({ token_meta: page.accessToken, facebook_user_token: 'EAALEAAshortlivedtoken' });
    expect(JSON.stringify(list)).not.toContain(page.accessToken);
    expect(
      t.realtime.events.some(
        (e) => e.event === 'whatsapp' && (e.payload as { whatsapp?: { id: number } }).whatsapp?.id === fbConnectionId,
      ),
    ).toBe(true);
  });

  it('addInstagram connects the Instagram accounts (with their Page); a second login refreshes instead of duplicating', async () => {
    const res = await connect(a, { facebookUserId: '1001', facebookUserToken: 'EAAsecondlogin1', addInstagram: true });
    expect(res.statusCode).toBe(200);
    const list = res.json() as { id: number; channel: string; name: string; facebookPageUserId: string }[];
    expect(list.map((c) => [c.channel, c.name])).toEqual([
      ['instagram', 'Insta lojadaana'],
      ['facebook', 'Loja da Ana'],
    ]);
    igConnectionId = list[0].id;
    expect(list[0].facebookPageUserId).toBe(page.instagram?.id);
    expect(list[1].id).toBe(fbConnectionId);
    const all = (await t.app.inject({ method: 'GET', url: '/whatsapp', headers: bearer(a.adminToken) })).json();
    expect(all.filter((c: { channel: string }) => c.channel !== 'whatsappapi')).toHaveLength(3);
  });

  it('a Graph refusal answers ERR_FACEBOOK_LOGIN (wrong app secret on the exchange)', async () => {
    const other = await createTestApp({
      shareWith: t,
      env: { GRAPH_API_URL: standin.url, FACEBOOK_APP_ID: APP_ID, FACEBOOK_APP_SECRET: 'wrong' },
    });
    try {
      const res = await other.app.inject({
        method: 'POST',
        url: '/facebook',
        headers: bearer(a.adminToken),
        payload: { facebookUserId: '1001', facebookUserToken: 'EAAshortlivedtoken' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('ERR_FACEBOOK_LOGIN');
    } finally {
      await other.close();
    }
  });
});

describe('Messenger / Instagram webhooks', () => {
  it('answers the handshake with the verify token only; refuses unsigned or wrongly signed bodies', async () => {
    const ok = await fetch(`${url}/webhooks/facebook?hub.mode=subscribe&hub.verify_token=${VERIFY}&hub.challenge=12345`);
    expect([ok.status, await ok.text()]).toEqual([200, '12345']);
    const bad = await fetch(`${url}/webhooks/facebook?hub.mode=subscribe&hub.verify_token=nope&hub.challenge=1`);
    expect(bad.status).toBe(403);
    const payload = messengerEnvelope('page', page.id, [messenger.text({ from: '9001', to: page.id, text: 'sem assinatura' })]);
    const unsigned = await standin.deliverMessenger('page', page.id, (payload.entry as { messaging: [] }[])[0].messaging, {
      url: `${url}/webhooks/facebook`,
      signature: false,
    });
    expect(unsigned.status).toBe(401);
    const wrong = await fetch(`${url}/webhooks/facebook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': signBody(JSON.stringify(payload), 'other') },
      body: JSON.stringify(payload),
    });
    expect(wrong.status).toBe(401);
    expect(await ticketOf(fbConnectionId, '9001')).toBeUndefined();
  });

  it('a Messenger text becomes a pending ticket of a facebook contact named from the profile', async () => {
    standin.setProfile('9101', { first_name: 'Maria', last_name: 'Souza' });
    const res = await deliver('page', page.id, [messenger.text({ from: '9101', to: page.id, text: 'Olá, vocês entregam?' })]);
    expect(res.status).toBe(200);
    const ticket = await ticketOf(fbConnectionId, '9101');
    expect(ticket).toMatchObject({
      status: 'pending',
      channel: 'facebook',
      contact_name: 'Maria Souza',
      contact_channel: 'facebook',
    });
    const [m] = await messagesOf(ticket.id);
    expect(m).toMatchObject({ body: 'Olá, vocês entregam?', media_type: 'text', from_me: false });
    // Redelivery changes nothing.
    const again = await deliver('page', page.id, [messenger.text({ from: '9101', to: page.id, text: 'x', mid: m.external_id })]);
    expect(again.status).toBe(200);
    expect(await messagesOf(ticket.id)).toHaveLength(1);
  });

  it('attachments are downloaded from their URL; reactions, story replies and echoes are stored', async () => {
    const png = Buffer.from(
      '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
      'hex',
    );
    const photo = standin.addAttachment(png, 'image/png', 'foto.png');
    const first = messenger.text({ from: '9102', to: page.id, text: 'oi' });
    const firstMid = (first.message as { mid: string }).mid;
    await deliver('page', page.id, [
      first,
      messenger.attachment({ from: '9102', to: page.id, type: 'image', url: photo }),
      messenger.reaction({ from: '9102', to: page.id, targetMid: firstMid, emoji: '😍' }),
      messenger.echo({ page: page.id, to: '9102', text: 'Respondido pelo app do Facebook' }),
    ]);
    const ticket = await ticketOf(fbConnectionId, '9102');
    const rows = await messagesOf(ticket.id);
    expect(rows.map((r) => [r.media_type, r.body, r.from_me])).toEqual([
      ['text', 'oi', false],
      ['image', '', false],
      ['reaction', '😍', false],
      ['text', 'Respondido pelo app do Facebook', true],
    ]);
    await t.deps.jobs.runNow(downloadMediaJob, { messageId: Number(rows[1].id), companyId: a.companyId });
    const [image] = await query<{ media_url: string; media_mime_type: string }>(
      t,
      sql`SELECT media_url, media_mime_type FROM messages WHERE id = ${rows[1].id}`,
    );
    expect(image.media_mime_type).toBe('image/png');
    expect(image.media_url).toBeTruthy();

    const story = messenger.storyReply({
      from: '9201',
      to: page.instagram?.id ?? '',
      text: 'Amei!',
      storyUrl: 'https://cdn.example/story.mp4',
    });
    expect((await deliver('instagram', page.instagram?.id ?? '', [story])).status).toBe(200);
    const igTicket = await ticketOf(igConnectionId, '9201');
    expect(igTicket).toMatchObject({ channel: 'instagram', contact_channel: 'instagram' });
    const [reply] = await messagesOf(igTicket.id);
    expect(reply).toMatchObject({
      body: 'Amei!',
      media_type: 'text',
      data_json: { storyReply: { url: 'https://cdn.example/story.mp4' } },
    });
  });

  it('a Page company B did not connect never reaches B; an unknown Page stores nothing', async () => {
    const res = await deliver('page', '999999999', [messenger.text({ from: '9301', to: '999999999', text: 'alguém?' })]);
    expect(res.status).toBe(200);
    const [n] = await query<{ n: number }>(t, sql`SELECT count(*)::int AS n FROM contacts WHERE number = '9301'`);
    expect(n.n).toBe(0);
    const [bRows] = await query<{ n: number }>(t, sql`SELECT count(*)::int AS n FROM tickets WHERE company_id = ${b.companyId}`);
    expect(bRows.n).toBe(0);
  });
});

describe('replies through the Send API and the 24-hour window', () => {
  async function openTicket(connectionId: number, object: 'page' | 'instagram', entryId: string, from: string, at?: Date) {
    await deliver(object, entryId, [messenger.text({ from, to: entryId, text: 'preciso de ajuda', timestamp: at })]);
    const ticket = await ticketOf(connectionId, from);
    await t.database.db.execute(sql`UPDATE tickets SET status = 'open', user_id = ${a.userId} WHERE id = ${ticket.id}`);
    return ticket.id;
  }
  const reply = (ticketId: number, body: string) =>
    t.app.inject({ method: 'POST', url: `/messages/${ticketId}`, headers: bearer(a.userToken), payload: { body } });

  it('inside the window the stand-in receives the reply; the echo of our own send is a delivery report, not a new message', async () => {
    const ticketId = await openTicket(fbConnectionId, 'page', page.id, '9401');
    const res = await reply(ticketId, 'Entregamos sim!');
    expect(res.statusCode).toBe(200);
    const id = res.json().id as number;
    await t.deps.jobs.runNow(sendMessageJob, { messageId: id, companyId: a.companyId, attempt: 1 });
    const sent = standin.messengerSent.find((s) => s.recipient === '9401');
    expect(sent).toMatchObject({
      pageId: page.id,
      platform: 'messenger',
      messagingType: 'RESPONSE',
      message: { text: 'Entregamos sim!', metadata: `atendo:${id}` },
    });
    const [row] = await query<{ ack: number; external_id: string }>(
      t,
      sql`SELECT ack, external_id FROM messages WHERE id = ${id}`,
    );
    expect(row).toEqual({ ack: 1, external_id: sent?.mid });
    await deliver('page', page.id, [
      messenger.echo({
        page: page.id,
        to: '9401',
        text: 'Entregamos sim!',
        mid: sent?.mid,
        metadata: `atendo:${id}`,
        appId: APP_ID,
      }),
    ]);
    await deliver('page', page.id, [messenger.delivery({ from: '9401', to: page.id, mids: [sent?.mid ?? ''] })]);
    const rows = await messagesOf(ticketId);
    expect(rows.filter((r) => r.from_me)).toHaveLength(1);
    expect(rows.find((r) => r.id === id)?.ack).toBe(2);
  });

  it('Instagram replies go with the Page token to the Instagram customer', async () => {
    const ticketId = await openTicket(igConnectionId, 'instagram', page.instagram?.id ?? '', '9402');
    const res = await reply(ticketId, 'Oi pelo Instagram');
    await t.deps.jobs.runNow(sendMessageJob, { messageId: res.json().id, companyId: a.companyId, attempt: 1 });
    expect(standin.messengerSent.find((s) => s.recipient === '9402')).toMatchObject({
      platform: 'instagram',
      senderId: page.instagram?.id,
      message: { text: 'Oi pelo Instagram' },
    });
  });

  it('outside the window the reply is refused with ERR_OUTSIDE_24H_WINDOW and nothing is sent', async () => {
    const ticketId = await openTicket(fbConnectionId, 'page', page.id, '9403', new Date(Date.now() - 25 * 3600_000));
    const sentBefore = standin.messengerSent.length;
    const res = await reply(ticketId, 'Ainda precisa?');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('ERR_OUTSIDE_24H_WINDOW');
    expect((await messagesOf(ticketId)).filter((r) => r.from_me)).toHaveLength(0);
    expect(standin.messengerSent.length).toBe(sentBefore);
    // Private notes are not messages to the customer: still allowed.
    const note = await t.app.inject({
      method: 'POST',
      url: `/messages/${ticketId}`,
      headers: bearer(a.userToken),
      payload: { body: 'cliente sumiu', isPrivate: true },
    });
    expect(note.statusCode).toBe(200);
  });

  it('a send Meta refuses for the window (code 10) fails for good: sendError set, never shown as sent', async () => {
    // Meta saw the customer 25 h ago while Atendo's clock says otherwise (e.g. the message waited for its job).
    const ticketId = await openTicket(fbConnectionId, 'page', page.id, '9404', new Date(Date.now() - 25 * 3600_000));
    await t.database.db.execute(sql`UPDATE messages SET created_at = now() WHERE ticket_id = ${ticketId}`);
    const res = await reply(ticketId, 'tarde demais');
    expect(res.statusCode).toBe(200);
    const id = res.json().id as number;
    await t.deps.jobs.runNow(sendMessageJob, { messageId: id, companyId: a.companyId, attempt: 1 });
    const [row] = await query<{ ack: number; send_error: string | null; external_id: string | null }>(
      t,
      sql`SELECT ack, send_error, external_id FROM messages WHERE id = ${id}`,
    );
    expect(row.ack).toBe(0);
    expect(row.external_id).toBeNull();
    expect(row.send_error).toMatch(/outside of allowed window/);
  });
});
