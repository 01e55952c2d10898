import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messenger } from './messenger';
import { type GraphStandin, startGraphStandin } from './server';

const SECRET = 'meta-app-secret';
const received: { signature?: string; body: string }[] = [];
const product = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    received.push({ signature: req.headers['x-hub-signature-256'] as string, body: Buffer.concat(chunks).toString() });
    res.end('EVENT_RECEIVED');
  });
});
let standin: GraphStandin;

beforeAll(async () => {
  await new Promise<void>((r) => product.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(product.address() as AddressInfo).port}/webhooks/facebook`;
  standin = await startGraphStandin({ appSecret: SECRET, messengerWebhookUrl: url, appId: '42', messengerEchoes: true });
});
afterAll(async () => {
  await standin.close();
  product.closeAllConnections();
  await new Promise<void>((r) => product.close(() => r()));
});

// biome-ignore lint/suspicious/noExplicitAny: JSON answers are read loosely in these tests
const json = async (res: Response | Promise<Response>): Promise<any> => (await res).json();
const v = (p: string) => `${standin.url}/v13.0/${p}`;

describe('graph-standin: Messenger Platform', () => {
  it('exchanges a user token, lists pages with their Instagram account, subscribes a page', async () => {
    const page = standin.addPage({ name: 'Loja', instagram: { username: 'loja' } });
    const bad = await fetch(
      v('oauth/access_token?grant_type=fb_exchange_token&client_id=42&client_secret=x&fb_exchange_token=U'),
    );
    expect(bad.status).toBe(400);
    const ok = await json(
      fetch(v(`oauth/access_token?grant_type=fb_exchange_token&client_id=42&client_secret=${SECRET}&fb_exchange_token=U`)),
    );
    expect(ok.access_token).toBe('EAALU');
    const accounts = await json(fetch(v('me/accounts?access_token=EAALU&fields=name,access_token,instagram_business_account')));
    expect(accounts.data).toContainEqual(
      expect.objectContaining({
        id: page.id,
        access_token: page.accessToken,
        instagram_business_account: expect.objectContaining({ username: 'loja' }),
      }),
    );
    expect(
      (await fetch(v(`${page.id}/subscribed_apps?subscribed_fields=messages&access_token=nope`), { method: 'POST' })).status,
    ).toBe(400);
    const sub = await json(
      fetch(v(`${page.id}/subscribed_apps?subscribed_fields=messages,message_echoes&access_token=${page.accessToken}`), {
        method: 'POST',
      }),
    );
    expect(sub).toEqual({ success: true });
    expect(standin.subscriptions.get(page.id)).toEqual(['messages', 'message_echoes']);
  });

  it('signs the webhooks it delivers; sends inside the window, refuses outside, echoes with the metadata', async () => {
    const page = standin.addPage({ name: 'Outra' });
    received.length = 0;
    await standin.deliverMessenger('page', page.id, [messenger.text({ from: '111', to: page.id, text: 'oi' })]);
    await standin.deliverMessenger('page', page.id, [
      messenger.text({ from: '222', to: page.id, text: 'velho', timestamp: Date.now() - 25 * 3600_000 }),
    ]);
    expect(received[0].signature).toBe(`sha256=${createHmac('sha256', SECRET).update(received[0].body).digest('hex')}`);
    expect(JSON.parse(received[0].body)).toMatchObject({
      object: 'page',
      entry: [{ id: page.id, messaging: [{ sender: { id: '111' }, message: { text: 'oi' } }] }],
    });

    const send = (to: string) =>
      fetch(v(`me/messages?access_token=${page.accessToken}`), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          recipient: { id: to },
          messaging_type: 'RESPONSE',
          message: { text: 'olá', metadata: 'atendo:7' },
        }),
      });
    const inside = await json(send('111'));
    expect(inside).toMatchObject({ recipient_id: '111', message_id: expect.stringMatching(/^m_/) });
    const outside = await send('222');
    expect(outside.status).toBe(400);
    expect(((await outside.json()) as { error: unknown }).error).toMatchObject({ code: 10, error_subcode: 2018278 });
    expect(standin.messengerSent.map((s) => s.recipient)).toEqual(['111']);
    await new Promise((r) => setTimeout(r, 100));
    const echo = JSON.parse(received.at(-1)?.body ?? '{}');
    expect(echo.entry[0].messaging[0].message).toMatchObject({
      mid: inside.message_id,
      is_echo: true,
      metadata: 'atendo:7',
      app_id: 42,
    });
  });
});
