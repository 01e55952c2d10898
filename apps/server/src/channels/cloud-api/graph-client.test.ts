import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type GraphStandin, startGraphStandin } from '@atendo/graph-standin';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ChannelError, type OutboundContent } from '../types';
import { CloudApiAdapter, toGraphPayload } from './adapter';
import { GraphClient } from './graph-client';
import { GraphApiError, isRetryableGraphFailure } from './graph-errors';

const PHONE = '106540352242922';
const TOKEN = 'EAAG-test-token';
let standin: GraphStandin;
let client: GraphClient;

beforeAll(async () => {
  standin = await startGraphStandin({ appSecret: 'x', accessToken: TOKEN });
  client = new GraphClient({ baseUrl: standin.url, version: 'v21.0', accessToken: TOKEN, phoneNumberId: PHONE });
  // The customer wrote to the business number (its 24-hour window is open), and Meta approved `hello_world`.
  standin.customerWrote(PHONE, '5511999990001');
  standin.addTemplate('waba', { name: 'hello_world', language: 'en_US', components: [{ type: 'BODY', text: 'Hello World' }] });
});
afterAll(() => standin.close());
beforeEach(() => standin.clear());

describe('GraphClient against the stand-in', () => {
  it('sends a text and answers the wamid', async () => {
    const res = await client.sendMessage({ to: '5511999990001', type: 'text', text: { body: 'Olá', preview_url: false } });
    expect(res.messages[0].id).toMatch(/^wamid\./);
    expect(res.contacts?.[0]).toEqual({ input: '5511999990001', wa_id: '5511999990001' });
    const req = standin.requests.at(-1)!;
    expect(req).toMatchObject({
      method: 'POST',
      path: `/v21.0/${PHONE}/messages`,
      authorization: `Bearer ${TOKEN}`,
      status: 200,
    });
    expect(req.body).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '5511999990001',
      type: 'text',
      text: { body: 'Olá', preview_url: false },
    });
  });

  it('fails twice on demand, then succeeds; the failures are retryable', async () => {
    standin.failNext(2, { status: 503, code: 131000 });
    const attempt = () => client.sendMessage({ to: '5511999990001', type: 'text', text: { body: 'x' } });
    for (let i = 0; i < 2; i++) {
      const err = await attempt().catch((e) => e);
      expect(err).toBeInstanceOf(GraphApiError);
      expect(err).toBeInstanceOf(ChannelError);
      expect(err).toMatchObject({ retryable: true, httpStatus: 503, graphCode: 131000, code: '131000' });
    }
    await expect(attempt()).resolves.toMatchObject({ messages: [{ id: expect.stringMatching(/^wamid\./) }] });
    expect(standin.sent).toHaveLength(1);
  });

  it('classifies permanent errors (24-hour window, undeliverable, bad parameter)', async () => {
    for (const code of [131047, 131026, 100]) {
      standin.failNext(1, { status: 400, code, message: 'nope' });
      const err = await client.sendMessage({ to: '1', type: 'text', text: { body: 'x' } }).catch((e) => e);
      expect(err).toMatchObject({ retryable: false, graphCode: code });
      expect(err.message).toContain(String(code));
    }
  });

  it('throttling is retryable (429 and 130429)', async () => {
    standin.failNext(1, { status: 429, code: 130429 });
    const err = await client.sendMessage({ to: '1', type: 'text', text: { body: 'x' } }).catch((e) => e);
    expect(err).toMatchObject({ retryable: true, graphCode: 130429 });
    expect(isRetryableGraphFailure(429)).toBe(true);
    expect(isRetryableGraphFailure(500)).toBe(true);
    expect(isRetryableGraphFailure(400)).toBe(false);
    expect(isRetryableGraphFailure(400, 131056)).toBe(true);
    expect(isRetryableGraphFailure(503, 131047)).toBe(false);
  });

  it('a wrong access token is permanent (190)', async () => {
    const bad = new GraphClient({ baseUrl: standin.url, accessToken: 'wrong', phoneNumberId: PHONE });
    const err = await bad.sendMessage({ to: '1', type: 'text', text: { body: 'x' } }).catch((e) => e);
    expect(err).toMatchObject({ retryable: false, graphCode: 190, httpStatus: 401 });
  });

  it('network errors and timeouts are retryable', async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const down = new GraphClient({ baseUrl: `http://127.0.0.1:${port}`, accessToken: TOKEN, phoneNumberId: PHONE });
    await expect(down.sendMessage({ to: '1', type: 'text', text: { body: 'x' } })).rejects.toMatchObject({
      retryable: true,
      code: 'NETWORK',
      httpStatus: 0,
    });

    const slow = createServer((_req, res) => setTimeout(() => res.end('{}'), 500));
    await new Promise<void>((r) => slow.listen(0, '127.0.0.1', r));
    const s = new GraphClient({
      baseUrl: `http://127.0.0.1:${(slow.address() as AddressInfo).port}`,
      accessToken: TOKEN,
      phoneNumberId: PHONE,
      timeoutMs: 50,
    });
    const err = await s.sendMessage({ to: '1', type: 'text', text: { body: 'x' } }).catch((e) => e);
    expect(err).toMatchObject({ retryable: true, code: 'NETWORK' });
    expect(err.message).toContain('timed out');
    slow.closeAllConnections();
    await new Promise<void>((r) => slow.close(() => r()));
  });

  it('marks a message read', async () => {
    await client.markRead('wamid.IN');
    expect(standin.requests.at(-1)?.body).toEqual({ messaging_product: 'whatsapp', status: 'read', message_id: 'wamid.IN' });
  });

  it('media round trip: upload, look up, download with the bearer token', async () => {
    const bytes = new Uint8Array(200_000).map((_, i) => (i * 7) % 256);
    const id = await client.uploadMedia(bytes, 'image/png', 'foto.png');
    const upload = standin.requests.at(-1)!;
    expect(upload.path).toBe(`/v21.0/${PHONE}/media`);
    expect(upload.body).toMatchObject({
      messaging_product: 'whatsapp',
      type: 'image/png',
      file: { filename: 'foto.png', size: 200_000 },
    });
    const info = await client.getMedia(id);
    expect(info).toMatchObject({ id, mime_type: 'image/png', file_size: 200_000 });
    const file = await client.downloadMedia(id);
    expect(Buffer.from(file.data).equals(Buffer.from(bytes))).toBe(true);
    expect(file.mimeType).toBe('image/png');
    expect(file.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect(file.announcedSha256).toBe(file.sha256);
    expect(standin.requests.at(-1)?.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it('refuses media over the size limit and unknown media ids', async () => {
    const { id } = standin.addMedia(new Uint8Array(1000), 'video/mp4');
    await expect(client.downloadMedia(id, 999)).rejects.toMatchObject({ code: 'MEDIA_TOO_LARGE', retryable: false });
    await expect(client.downloadMedia('123')).rejects.toMatchObject({ retryable: false, graphCode: 100 });
  });
});

describe('CloudApiAdapter', () => {
  const adapter = () =>
    new CloudApiAdapter({ id: 3, phoneNumberId: PHONE, accessToken: TOKEN }, { baseUrl: standin.url, version: '21.0' });

  it('uploads bytes first, then sends the media by id with caption', async () => {
    const res = await adapter().send({
      to: '+55 11 99999-0001',
      quotedExternalId: 'wamid.Q',
      content: {
        type: 'media',
        mediaType: 'application',
        caption: 'segue',
        file: { kind: 'bytes', data: new Uint8Array([1, 2, 3]), mimeType: 'application/pdf', filename: 'a.pdf' },
      },
    });
    expect(res.externalId).toMatch(/^wamid\./);
    expect(res.recipient).toBe('5511999990001');
    const [upload, send] = standin.requests.slice(-2);
    expect(upload.path).toBe(`/v21.0/${PHONE}/media`);
    const mediaId = standin.sent[0].body.document as { id: string };
    expect(standin.media.get(mediaId.id)?.data).toEqual(new Uint8Array([1, 2, 3]));
    expect(send.body).toMatchObject({
      to: '5511999990001',
      type: 'document',
      context: { message_id: 'wamid.Q' },
      document: { id: mediaId.id, caption: 'segue', filename: 'a.pdf' },
    });
  });

  it('downloads inbound media', async () => {
    const stored = standin.addMedia(new Uint8Array([9, 8, 7]), 'audio/ogg');
    const file = await adapter().downloadMedia({ id: stored.id, mimeType: 'audio/ogg; codecs=opus' });
    expect(file).toMatchObject({ data: new Uint8Array([9, 8, 7]), mimeType: 'audio/ogg; codecs=opus', sha256: stored.sha256 });
  });

  it('refuses a connection without credentials', () => {
    expect(() => new CloudApiAdapter({ id: 1, phoneNumberId: '', accessToken: 'x' })).toThrow(ChannelError);
  });

  it('translates every outbound content into the Cloud API body', () => {
    const to = '5511999990001';
    expect(toGraphPayload({ to, content: { type: 'text', body: 'https://x.com', previewUrl: true } })).toMatchObject({
      type: 'text',
      text: { body: 'https://x.com', preview_url: true },
    });
    expect(
      toGraphPayload({
        to,
        content: { type: 'media', mediaType: 'image', caption: 'c', file: { kind: 'link', url: 'https://x/y.jpg' } },
      }),
    ).toMatchObject({
      type: 'image',
      image: { link: 'https://x/y.jpg', caption: 'c' },
    });
    const audio = toGraphPayload({
      to,
      content: { type: 'media', mediaType: 'audio', caption: 'dropped', file: { kind: 'id', id: '5' } },
    });
    expect(audio).toMatchObject({ type: 'audio', audio: { id: '5' } });
    expect((audio.audio as Record<string, unknown>).caption).toBeUndefined();
    expect(toGraphPayload({ to, content: { type: 'media', mediaType: 'sticker', file: { kind: 'id', id: '6' } } })).toMatchObject(
      {
        type: 'sticker',
        sticker: { id: '6' },
      },
    );
    expect(toGraphPayload({ to, content: { type: 'reaction', targetExternalId: 'wamid.T', emoji: '❤️' } })).toMatchObject({
      type: 'reaction',
      reaction: { message_id: 'wamid.T', emoji: '❤️' },
    });
    expect(toGraphPayload({ to, content: { type: 'location', latitude: -23.5, longitude: -46.6, name: 'Loja' } })).toMatchObject({
      type: 'location',
      location: { latitude: -23.5, longitude: -46.6, name: 'Loja' },
    });
    expect(
      toGraphPayload({
        to,
        content: {
          type: 'contacts',
          contacts: [{ name: { formatted: 'João da Silva' }, phones: [{ phone: '+5511988887777', waId: '5511988887777' }] }],
        },
      }),
    ).toMatchObject({
      type: 'contacts',
      contacts: [
        {
          name: { formatted_name: 'João da Silva', first_name: 'João', last_name: 'da Silva' },
          phones: [{ phone: '+5511988887777', wa_id: '5511988887777' }],
        },
      ],
    });
    expect(
      toGraphPayload({
        to,
        content: {
          type: 'interactive',
          interactive: {
            kind: 'buttons',
            body: 'Escolha',
            footer: 'rodapé',
            buttons: [
              { id: 'a', title: 'A' },
              { id: 'b', title: 'B' },
            ],
          },
        },
      }),
    ).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to,
      type: 'interactive',
      interactive: {
        type: 'button',
        body: { text: 'Escolha' },
        footer: { text: 'rodapé' },
        action: {
          buttons: [
            { type: 'reply', reply: { id: 'a', title: 'A' } },
            { type: 'reply', reply: { id: 'b', title: 'B' } },
          ],
        },
      },
    });
    expect(
      toGraphPayload({
        to,
        content: {
          type: 'interactive',
          interactive: {
            kind: 'list',
            header: 'Menu',
            body: 'Setores',
            buttonText: 'Ver',
            sections: [{ title: 'S', rows: [{ id: '1', title: 'Vendas', description: 'd' }] }],
          },
        },
      }),
    ).toMatchObject({
      interactive: {
        type: 'list',
        header: { type: 'text', text: 'Menu' },
        body: { text: 'Setores' },
        action: { button: 'Ver', sections: [{ title: 'S', rows: [{ id: '1', title: 'Vendas', description: 'd' }] }] },
      },
    });
    expect(
      toGraphPayload({ to, content: { type: 'template', template: { name: 'hello_world', language: 'pt_BR' } } }),
    ).toMatchObject({
      type: 'template',
      template: { name: 'hello_world', language: { code: 'pt_BR' } },
    });
  });

  it('every outbound kind is accepted by the stand-in', async () => {
    const a = adapter();
    const to = '5511999990001';
    const { id } = standin.addMedia(new Uint8Array([1]), 'image/jpeg');
    const contents: OutboundContent[] = [
      { type: 'text', body: 'oi' },
      { type: 'media', mediaType: 'image', file: { kind: 'id', id }, caption: 'c' },
      { type: 'reaction', targetExternalId: 'wamid.X', emoji: '👍' },
      { type: 'location', latitude: 1, longitude: 2 },
      { type: 'contacts', contacts: [{ name: { formatted: 'Ana' } }] },
      { type: 'interactive', interactive: { kind: 'buttons', body: 'b', buttons: [{ id: '1', title: 'Um' }] } },
      { type: 'template', template: { name: 'hello_world', language: 'en_US' } },
    ];
    for (const content of contents) {
      await expect(a.send({ to, content })).resolves.toMatchObject({ externalId: expect.stringMatching(/^wamid\./) });
    }
    expect(standin.sent.map((s) => s.type)).toEqual([
      'text',
      'image',
      'reaction',
      'location',
      'contacts',
      'interactive',
      'template',
    ]);
  });
});

describe('GraphApiError text', () => {
  it('keeps the subcode beside the code, so the reason can be told apart (issue 31 item 10)', () => {
    const outside = GraphApiError.fromResponse(400, {
      error: { message: '(#10) This message is sent outside of allowed window.', code: 10, error_subcode: 2018278 },
    });
    expect(outside.message).toBe('(#10) This message is sent outside of allowed window. (10/2018278)');
    expect(outside.code).toBe('10');
    expect(GraphApiError.fromResponse(400, { error: { message: 'Re-engagement message', code: 131047 } }).message).toBe(
      'Re-engagement message (131047)',
    );
  });
});
