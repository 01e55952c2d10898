// The typed SDK (packages/sdk) against the real app over HTTP: sign-in, typed calls and their errors, the seeds'
// refresh rule (one renewal for calls that found the token expired together), sign-out, a connection token.

import { type GraphStandin, startGraphStandin } from '@atendo/graph-standin';
import { createAtendo } from '@atendo/sdk';
import { sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendMessageJob } from '../src/modules/messages/messages.public';
import { addConnection, rows } from './attendance';
import { createTenant, createTestApp, PASSWORD, type Tenant, type TestContext } from './harness';
import { metaSawCustomer, playsMeta } from './messaging';

let t: TestContext;
let a: Tenant;
let standin: GraphStandin;

beforeAll(async () => {
  standin = playsMeta(await startGraphStandin({ appSecret: 'unused' }));
  t = await createTestApp({ socket: {}, env: { GRAPH_API_URL: standin.url, GRAPH_API_VERSION: 'v21.0' } });
  a = await createTenant(t);
});
afterAll(async () => {
  await t?.close();
  await standin?.close();
});

/** The same claims as `token`, its time over: what a client holds 15 minutes after sign-in. */
async function expiredTwin(token: string): Promise<string> {
  const { sub, cid, tv } = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ cid, tv })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(sub)
    .setIssuedAt(now - 1000)
    .setExpirationTime(now - 100)
    .sign(new TextEncoder().encode(t.deps.config.jwtSecret!));
}

describe('@atendo/sdk', () => {
  it('signs in, calls typed routes and reads the API’s errors', async () => {
    const sdk = createAtendo({ baseUrl: t.url! });
    const signed = await sdk.signIn(a.adminEmail, PASSWORD);
    expect(signed).toMatchObject({ signedIn: true, user: { email: a.adminEmail, companyId: a.companyId } });
    expect(sdk.token()).toEqual(expect.any(String));

    // a queue with a nested chatbot: the recursive schema of openapi.json, typed end to end
    const created = await sdk.api.POST('/queue', {
      body: {
        name: 'Vendas SDK',
        color: '#00AA00',
        chatbots: [{ name: 'Orçamento', greetingMessage: 'Escolha', options: [{ name: 'Por telefone' }] }],
      },
    });
    expect(created.response.status).toBe(201);
    const queueId = created.data!.id;
    const listed = await sdk.api.GET('/queue');
    expect(listed.data!.map((q) => q.name)).toContain('Vendas SDK');
    const one = await sdk.api.GET('/queue/{id}', { params: { path: { id: queueId } } });
    expect(one.data!.chatbots[0].options.map((o) => o.name)).toEqual(['Por telefone']);

    const tickets = await sdk.api.GET('/tickets', { params: { query: { status: 'open', showAll: true } } });
    expect(tickets.data).toMatchObject({ tickets: [], hasMore: false });

    const bad = await sdk.api.POST('/queue', { body: { name: 'x', color: 'blue' } });
    expect(bad.response.status).toBe(400);
    expect(bad.error).toMatchObject({ error: 'ERR_VALIDATION' });
    const missing = await sdk.api.GET('/queue/{id}', { params: { path: { id: 99_999_999 } } });
    expect(missing.response.status).toBe(404);
  });

  it('renews an expired access token once for every call that found it expired, and repeats them', async () => {
    let expireNext = 0;
    let refreshes = 0;
    const sdk = createAtendo({
      baseUrl: t.url!,
      // What a client sees 15 minutes after sign-in: the calls go out with the token's expired twin.
      fetch: async (request) => {
        const path = new URL(request.url).pathname;
        if (path === '/auth/refresh_token') refreshes++;
        const auth = request.headers.get('authorization');
        if (expireNext > 0 && path !== '/auth/refresh_token' && auth) {
          expireNext--;
          const headers = new Headers(request.headers);
          headers.set('authorization', `Bearer ${await expiredTwin(auth.slice(7))}`);
          return fetch(new Request(request, { headers }));
        }
        return fetch(request);
      },
    });
    await sdk.signIn(a.userEmail, PASSWORD);
    expireNext = 2;
    const [me, tickets] = await Promise.all([sdk.api.GET('/auth/me'), sdk.api.GET('/tickets')]);
    expect(me.response.status).toBe(200);
    expect(me.data).toMatchObject({ email: a.userEmail });
    expect(tickets.response.status).toBe(200);
    expect(refreshes).toBe(1);

    // Signed out: the session is over on the server; a call is refused and no renewal brings it back.
    const kept = sdk.token()!;
    await sdk.signOut();
    expect(sdk.token()).toBeNull();
    const after = createAtendo({ baseUrl: t.url!, token: kept });
    expect((await after.api.GET('/auth/me')).response.status).toBe(401);
    expect(await sdk.refresh()).toBe(false);
  });

  it('refuses a wrong password with the API’s code', async () => {
    const sdk = createAtendo({ baseUrl: t.url! });
    await expect(sdk.signIn(a.userEmail, 'nope-nope')).rejects.toMatchObject({
      status: 401,
      code: 'ERR_INVALID_CREDENTIALS',
    });
  });

  it('sends through the public messages API with a connection’s token', async () => {
    // another company: the sign-ins above ended the harness's own session of this one's admin
    const b = await createTenant(t);
    const conn = await addConnection(t, b, {});
    const [{ token }] = await rows<{ token: string }>(t, sql`SELECT token FROM whatsapps WHERE id = ${conn.id}`);
    const api = createAtendo({ baseUrl: t.url!, token }).api;
    const bad = await api.POST('/api/messages/send', { body: { number: '12ab', body: 'x' } });
    expect(bad.response.status).toBe(400);
    await metaSawCustomer(t, conn.id, '5511988887777', new Date());
    const sent = await api.POST('/api/messages/send', { body: { number: '5511988887777', body: 'Olá pelo SDK' } });
    expect(sent.response.status).toBe(200);
    await t.deps.jobs.runNow(sendMessageJob, { messageId: sent.data!.messageId, companyId: b.companyId, attempt: 1 });
    expect(standin.sent.map((s) => [s.to, (s.body.text as { body: string }).body])).toEqual([['5511988887777', 'Olá pelo SDK']]);
  });
});
