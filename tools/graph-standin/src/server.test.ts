import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelope, inbound } from './builders';
import { type GraphStandin, startGraphStandin } from './server';

const SECRET = 'the-app-secret';
const received: { headers: IncomingMessage['headers']; body: string }[] = [];
const product = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    received.push({ headers: req.headers, body: Buffer.concat(chunks).toString() });
    res.end('EVENT_RECEIVED');
  });
});
let standin: GraphStandin;
let webhookUrl: string;

beforeAll(async () => {
  await new Promise<void>((r) => product.listen(0, '127.0.0.1', r));
  webhookUrl = `http://127.0.0.1:${(product.address() as AddressInfo).port}/webhooks/whatsappapi/1`;
  standin = await startGraphStandin({ appSecret: SECRET, webhookUrl, autoStatuses: ['sent', 'delivered'] });
});
afterAll(async () => {
  await standin.close();
  product.closeAllConnections();
  await new Promise<void>((r) => product.close(() => r()));
});

// biome-ignore lint/suspicious/noExplicitAny: JSON answers are read loosely in these tests
const json = async (res: Response | Promise<Response>): Promise<any> => (await res).json();
const hmac = (body: string) => `sha256=${createHmac('sha256', SECRET).update(body).digest('hex')}`;

describe('graph-standin', () => {
  it('posts webhooks signed with the app secret', async () => {
    const out = await standin.deliverMessages('123', [inbound.text({ from: '5511999990001', body: 'Olá' })], {
      contacts: [{ waId: '5511999990001', name: 'Maria' }],
    });
    expect(out).toMatchObject({ status: 200, body: 'EVENT_RECEIVED' });
    const last = received.at(-1)!;
    expect(last.headers['x-hub-signature-256']).toBe(hmac(last.body));
    const payload = JSON.parse(last.body);
    expect(payload.entry[0].changes[0].value.contacts).toEqual([{ profile: { name: 'Maria' }, wa_id: '5511999990001' }]);
    expect(payload.entry[0].changes[0].value.metadata.phone_number_id).toBe('123');
  });

  it('can send a bad or no signature', async () => {
    await standin.sendWebhook(envelope({ phoneNumberId: '1' }, {}), { signature: 'sha256=00' });
    expect(received.at(-1)?.headers['x-hub-signature-256']).toBe('sha256=00');
    await standin.sendWebhook(envelope({ phoneNumberId: '1' }, {}), { signature: false });
    expect(received.at(-1)?.headers['x-hub-signature-256']).toBeUndefined();
  });

  it('answers sends, records them, posts auto statuses, fails on demand over HTTP', async () => {
    const before = received.length;
    const send = () =>
      fetch(`${standin.url}/v21.0/123/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'Bearer t' },
        body: JSON.stringify({ messaging_product: 'whatsapp', to: '5511999990001', type: 'text', text: { body: 'oi' } }),
      });
    const ok = await json(send());
    expect(ok.messages[0].id).toMatch(/^wamid\./);
    await expect.poll(() => received.length).toBe(before + 2);
    const statuses = received.slice(-2).map((r) => JSON.parse(r.body).entry[0].changes[0].value.statuses[0]);
    expect(statuses.map((s: { status: string; id: string }) => [s.status, s.id])).toEqual([
      ['sent', ok.messages[0].id],
      ['delivered', ok.messages[0].id],
    ]);

    await fetch(`${standin.url}/_standin/fail`, {
      method: 'POST',
      body: JSON.stringify({ count: 1, status: 500, code: 131000 }),
    });
    const failed = await send();
    expect(failed.status).toBe(500);
    expect((await json(failed)).error.code).toBe(131000);
    expect((await send()).status).toBe(200);

    const log = await json(fetch(`${standin.url}/_standin/requests`));
    expect(
      log.filter((r: { path: string }) => r.path === '/v21.0/123/messages').map((r: { status: number }) => r.status),
    ).toEqual([200, 500, 200]);
  });

  it('stores inbound media over HTTP and serves it only with a bearer token', async () => {
    const put = await fetch(`${standin.url}/_standin/media?type=image/png&filename=a.png`, {
      method: 'POST',
      body: new Uint8Array([1, 2]),
    });
    const { id } = await json(put);
    const info = await json(fetch(`${standin.url}/v21.0/${id}`, { headers: { authorization: 'Bearer t' } }));
    expect(info).toMatchObject({ id, mime_type: 'image/png', file_size: 2 });
    expect((await fetch(info.url)).status).toBe(401);
    const bytes = new Uint8Array(await (await fetch(info.url, { headers: { authorization: 'Bearer t' } })).arrayBuffer());
    expect([...bytes]).toEqual([1, 2]);
  });

  it('refuses calls without a token, with Graph-shaped errors', async () => {
    const res = await fetch(`${standin.url}/v21.0/123/messages`, { method: 'POST', body: '{}' });
    expect(res.status).toBe(400);
    expect((await json(res)).error).toMatchObject({ code: 2500 });
  });

  it("answers OpenAI's audio transcription like OpenAI: key checked, file and model required, text or a server error", async () => {
    const strict = await startGraphStandin({ appSecret: SECRET, openAiKey: 'sk-right' });
    const call = (key: string | null, fields: Record<string, string | Blob>) => {
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) form.append(k, v, ...(v instanceof Blob ? ['voz.ogg'] : []));
      return fetch(`${strict.url}/v1/audio/transcriptions`, {
        method: 'POST',
        headers: key ? { authorization: `Bearer ${key}` } : {},
        body: form,
      });
    };
    const audio = new Blob([new Uint8Array(64)], { type: 'audio/ogg' });
    const errorOf = async (res: Response) =>
      ((await res.json()) as { error: { code: string | null; param: string | null; type: string } }).error;
    try {
      const wrong = await call('sk-wrong', { file: audio, model: 'whisper-1' });
      expect([wrong.status, (await errorOf(wrong)).code]).toEqual([401, 'invalid_api_key']);
      const none = await call(null, { file: audio, model: 'whisper-1' });
      expect(none.status).toBe(401);
      const noFile = await call('sk-right', { model: 'whisper-1' });
      expect([noFile.status, (await errorOf(noFile)).param]).toEqual([400, 'file']);
      const noModel = await call('sk-right', { file: audio });
      expect([noModel.status, (await errorOf(noModel)).param]).toEqual([400, 'model']);
      const ok = await call('sk-right', { file: audio, model: 'whisper-1' });
      expect(await ok.json()).toEqual({ text: 'Transcrição do áudio voz.ogg (64 bytes)' });
      const set = (body: unknown) =>
        fetch(`${strict.url}/_standin/transcription`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
      await set({ text: 'Bom dia, quero saber do meu pedido', fail: true });
      const failed = await call('sk-right', { file: audio, model: 'whisper-1' });
      expect([failed.status, (await errorOf(failed)).type]).toEqual([500, 'server_error']);
      const chosen = await call('sk-right', { file: audio, model: 'whisper-1' });
      expect(await chosen.json()).toEqual({ text: 'Bom dia, quero saber do meu pedido' });
    } finally {
      await strict.close();
    }
  });
});
