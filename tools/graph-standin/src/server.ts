/**
 * A local stand-in of Meta's Graph API for the WhatsApp Cloud API paths Atendo uses:
 *   POST /{version}/{phone-number-id}/messages   send (or mark read with `status: "read"`)
 *   POST /{version}/{phone-number-id}/media      upload (multipart: file, type, messaging_product)
 *   GET  /{version}/{media-id}                   media lookup → { url, mime_type, sha256, file_size, id }
 *   DELETE /{version}/{media-id}                 delete media
 *   GET  /_standin/media/{media-id}              the bytes (bearer required, like Meta's lookaside URL)
 * and its own control paths:
 *   GET|DELETE /_standin/requests                what it received / forget it
 *   POST /_standin/fail {count, status, code, message}   the next `count` sends fail
 *   POST /_standin/media?filename=&type=         store bytes (raw body) as an inbound media; answers { id }
 *   POST /_standin/webhook {payload, url?, signature?}  post a signed webhook to the product
 *   POST /_standin/status {id, status, recipient, phoneNumberId, error?}  post a status webhook
 * and OpenAI's POST /v1/audio/transcriptions (openai-server.ts).
 * Everything is kept in memory.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type CloudStatusName, envelope, type Json, newWamid, status as statusItem } from './builders';
import { createMessengerState, type MessengerApi, type MessengerStandinOptions } from './messenger-server';
import { type ChatScript, createOpenAiState, type OpenAiStandinOptions } from './openai-server';
import {
  type FailureSpec,
  graphError,
  json,
  postSignedWebhook,
  type RecordedRequest,
  readBody,
  type StoredMedia,
  tryJson,
  type WebhookDelivery,
  type WebhookOptions,
} from './wire';

export interface SentMessage {
  phoneNumberId: string;
  /** `biz_opaque_callback_data` of the send, echoed in its statuses. */
  reference?: string;
  wamid: string;
  to: string;
  type: string;
  body: Json;
}

export interface GraphStandinOptions extends MessengerStandinOptions, OpenAiStandinOptions {
  /** 0 or omitted: any free port. */
  port?: number;
  host?: string;
  /** Signs webhooks (`X-Hub-Signature-256`). */
  appSecret: string;
  /** Where webhooks go unless a call says otherwise (the product's `/webhooks/whatsappapi…` URL). */
  webhookUrl?: string;
  /** When set, API calls must carry `Authorization: Bearer <accessToken>` (401, code 190 otherwise). */
  accessToken?: string;
  /** After each successful send, post these statuses for it to `webhookUrl` (e.g. ['sent', 'delivered']), echoing its `biz_opaque_callback_data` as Meta does. */
  autoStatuses?: CloudStatusName[];
  /** Log sends and control calls to stdout (the CLI does). */
  log?: (line: string) => void;
}

export interface GraphStandin extends MessengerApi {
  url: string;
  port: number;
  requests: RecordedRequest[];
  sent: SentMessage[];
  media: Map<string, StoredMedia>;
  /** OpenAI chat completions and the speech synthesis, scriptable per test (openai-server.ts). */
  chat: ChatScript;
  failNext(count: number, spec?: FailureSpec): void;
  /**
   * Tests: awaited after a send is accepted and before its answer goes back — e.g. to post its statuses before the
   * product could store the message id (Meta's webhooks may overtake the send's answer).
   */
  beforeAnswer?: (sent: SentMessage) => Promise<void>;
  /** Store bytes as a media the product will download; answers its id. */
  addMedia(data: Uint8Array, mimeType: string, filename?: string): StoredMedia;
  /** Signs and posts any payload to the webhook URL. */
  sendWebhook(payload: unknown, opts?: WebhookOptions): Promise<WebhookDelivery>;
  /** Posts a notification carrying these `messages[]` items for a business number. */
  deliverMessages(
    phoneNumberId: string,
    messages: Json[],
    opts?: WebhookOptions & { contacts?: { waId: string; name?: string }[] },
  ): Promise<WebhookDelivery>;
  /** Posts a status notification for a message the product sent. */
  deliverStatus(
    phoneNumberId: string,
    name: CloudStatusName,
    s: { id: string; recipient: string; error?: { code: number; title: string; details?: string }; reference?: string },
    opts?: WebhookOptions,
  ): Promise<WebhookDelivery>;
  clear(): void;
  close(): Promise<void>;
}

const VERSION_RE = /^v\d+(\.\d+)?$/;

export async function startGraphStandin(opts: GraphStandinOptions): Promise<GraphStandin> {
  const requests: RecordedRequest[] = [];
  const sent: SentMessage[] = [];
  const media = new Map<string, StoredMedia>();
  const failures: FailureSpec[] = [];
  let seq = 0;
  let baseUrl = '';
  const log = opts.log ?? (() => {});

  const addMedia = (data: Uint8Array, mimeType: string, filename: string | undefined, origin: StoredMedia['origin']) => {
    const id = String(10n ** 15n + BigInt(`0x${randomBytes(6).toString('hex')}`));
    const item: StoredMedia = { id, data, mimeType, filename, sha256: createHash('sha256').update(data).digest('hex'), origin };
    media.set(id, item);
    return item;
  };

  const sendWebhook = async (payload: unknown, o: WebhookOptions = {}) => {
    const url = o.url ?? opts.webhookUrl;
    if (!url) throw new Error('graph-standin: no webhook URL (pass webhookUrl to startGraphStandin or url to the call)');
    return postSignedWebhook(url, payload, o.appSecret ?? opts.appSecret, o.signature);
  };

  const deliverStatus: GraphStandin['deliverStatus'] = (phoneNumberId, name, s, o) =>
    sendWebhook(envelope({ phoneNumberId }, { statuses: [statusItem(name, s)] }), o);

  const messengerState = createMessengerState(opts, {
    baseUrl: () => baseUrl,
    log,
    addMedia: (data, mimeType, filename) => addMedia(data, mimeType, filename, 'inbound'),
    post: (url, payload, o) => postSignedWebhook(url, payload, o?.appSecret ?? opts.appSecret, o?.signature),
  });

  const openAi = createOpenAiState(opts, log);

  const server = createServer((req, res) => {
    handle(req, res).catch((err) => {
      if (!res.headersSent) json(res, 500, { error: { message: String(err), code: 1 } });
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const u = new URL(req.url ?? '/', 'http://standin');
    const raw = await readBody(req);
    const contentType = req.headers['content-type'];
    const rec: RecordedRequest = {
      seq: ++seq,
      at: new Date().toISOString(),
      method: req.method ?? 'GET',
      path: u.pathname,
      query: Object.fromEntries(u.searchParams),
      authorization: req.headers.authorization,
      contentType,
      status: 0,
    };
    const reply = (code: number, body: unknown, headers?: Record<string, string>) => {
      rec.status = code;
      json(res, code, body, headers);
    };
    const parts = u.pathname.split('/').filter(Boolean);

    if (parts[0] === '_standin') {
      rec.body = tryJson(raw);
      await control(parts.slice(1), req, u, raw, rec, reply, res);
      requests.push(rec);
      return;
    }

    if (contentType?.startsWith('multipart/form-data')) {
      const form = await new Response(new Uint8Array(raw), { headers: { 'content-type': contentType } }).formData();
      const fields: Json = {};
      for (const [k, v] of form) {
        fields[k] = typeof v === 'string' ? v : { filename: v.name, size: v.size, type: v.type, blob: v };
      }
      rec.body = fields;
    } else {
      rec.body = tryJson(raw);
    }
    requests.push(rec);

    if (openAi.handle(parts, req.method ?? 'GET', req.headers.authorization, rec.body, reply)) return;
    const speechKey = req.headers['ocp-apim-subscription-key'];
    const replyBytes = (code: number, data: Uint8Array, type: string) => {
      rec.status = code;
      res.writeHead(code, { 'content-type': type, 'content-length': String(data.byteLength) });
      res.end(data);
    };
    if (
      openAi.handleSpeech(
        parts,
        req.method ?? 'GET',
        typeof speechKey === 'string' ? speechKey : undefined,
        rec.body,
        reply,
        replyBytes,
      )
    ) {
      return;
    }
    if (!VERSION_RE.test(parts[0] ?? '')) return reply(404, graphError(100, 'Unknown path components', 400).body);
    // Messenger Platform paths (pages, Send API, token exchange) authenticate with `access_token`.
    if (await messengerState.handle(parts.slice(1), req.method ?? 'GET', u, rec, reply, failures)) return;
    if (opts.accessToken && req.headers.authorization !== `Bearer ${opts.accessToken}`) {
      return reply(401, graphError(190, 'Invalid OAuth access token - Cannot parse access token', 401).body);
    }
    if (!req.headers.authorization?.startsWith('Bearer ')) {
      return reply(
        400,
        graphError(2500, 'An active access token must be used to query information about the current user.', 400).body,
      );
    }

    // POST /{v}/{phone}/messages
    if (req.method === 'POST' && parts.length === 3 && parts[2] === 'messages') {
      const phoneNumberId = parts[1];
      const body = rec.body as Json | undefined;
      if (!body || typeof body !== 'object') return reply(400, graphError(100, 'Invalid parameter', 400).body);
      if (body.messaging_product !== 'whatsapp') {
        return reply(400, graphError(100, '(#100) The parameter messaging_product is required.', 400).body);
      }
      if (body.status === 'read') {
        if (typeof body.message_id !== 'string')
          return reply(400, graphError(100, '(#100) The parameter message_id is required.', 400).body);
        return reply(200, { success: true });
      }
      const failure = failures.shift();
      if (failure) {
        const f = graphError(
          failure.code ?? 131000,
          failure.message ?? 'Something went wrong',
          failure.status ?? 500,
          failure.details,
        );
        log(`send to ${String(body.to)} → failing on demand (${f.status}, code ${failure.code ?? 131000})`);
        return reply(f.status, f.body);
      }
      const to = typeof body.to === 'string' ? body.to : '';
      const type = typeof body.type === 'string' ? body.type : 'text';
      if (!to) return reply(400, graphError(100, '(#100) The parameter to is required.', 400).body);
      if (!(type in body)) return reply(400, graphError(100, `(#100) The parameter ${type} is required.`, 400).body);
      const mediaRef = (body[type] as Json | undefined)?.id;
      if (
        typeof mediaRef === 'string' &&
        ['image', 'audio', 'video', 'document', 'sticker'].includes(type) &&
        !media.has(mediaRef)
      ) {
        return reply(400, graphError(131053, 'Media upload error', 400, `Unknown media id ${mediaRef}`).body);
      }
      const wamid = newWamid();
      const waId = to.replace(/\D/g, '');
      const reference = typeof body.biz_opaque_callback_data === 'string' ? body.biz_opaque_callback_data : undefined;
      const item: SentMessage = { phoneNumberId, wamid, to: waId, type, body, reference };
      sent.push(item);
      log(`send ${type} to ${waId}: ${summarize(type, body)}`);
      if (api.beforeAnswer) await api.beforeAnswer(item);
      reply(200, { messaging_product: 'whatsapp', contacts: [{ input: to, wa_id: waId }], messages: [{ id: wamid }] });
      if (opts.autoStatuses?.length && opts.webhookUrl) {
        void (async () => {
          for (const s of opts.autoStatuses ?? []) {
            await deliverStatus(phoneNumberId, s, { id: wamid, recipient: waId, reference }).catch((e) =>
              log(`status webhook failed: ${e}`),
            );
          }
        })();
      }
      return;
    }

    // POST /{v}/{phone}/media
    if (req.method === 'POST' && parts.length === 3 && parts[2] === 'media') {
      const fields = rec.body as Json | undefined;
      const file = fields?.file as { filename: string; type: string; blob: Blob } | undefined;
      if (!file?.blob) return reply(400, graphError(100, '(#100) The parameter file is required.', 400).body);
      if (fields?.messaging_product !== 'whatsapp') {
        return reply(400, graphError(100, '(#100) The parameter messaging_product is required.', 400).body);
      }
      const data = new Uint8Array(await file.blob.arrayBuffer());
      const mimeType = typeof fields.type === 'string' ? fields.type : file.type || 'application/octet-stream';
      const item = addMedia(data, mimeType, file.filename, 'upload');
      delete (file as Partial<typeof file>).blob;
      log(`media upload ${item.id} (${mimeType}, ${data.byteLength} bytes)`);
      return reply(200, { id: item.id });
    }

    // GET|DELETE /{v}/{media-id}
    if (parts.length === 2 && (req.method === 'GET' || req.method === 'DELETE')) {
      const item = media.get(parts[1]);
      if (!item) return reply(404, graphError(100, 'Unsupported get request. Object does not exist', 400).body);
      if (req.method === 'DELETE') {
        media.delete(item.id);
        return reply(200, { success: true });
      }
      return reply(200, {
        messaging_product: 'whatsapp',
        url: `${baseUrl}/_standin/media/${item.id}`,
        mime_type: item.mimeType,
        sha256: item.sha256,
        file_size: item.data.byteLength,
        id: item.id,
      });
    }

    return reply(404, graphError(100, `Unknown path ${u.pathname}`, 400).body);
  }

  async function control(
    parts: string[],
    req: IncomingMessage,
    u: URL,
    raw: Buffer,
    rec: RecordedRequest,
    reply: (code: number, body: unknown, headers?: Record<string, string>) => void,
    res: ServerResponse,
  ) {
    const [what, id] = parts;
    if (what === 'requests' && req.method === 'GET') {
      const since = Number(u.searchParams.get('since') ?? 0);
      return reply(
        200,
        requests.filter((r) => r.seq > since),
      );
    }
    if (what === 'requests' && req.method === 'DELETE') {
      requests.length = 0;
      sent.length = 0;
      return reply(200, { ok: true });
    }
    if (what === 'sent' && req.method === 'GET') return reply(200, sent);
    if (what === 'fail' && req.method === 'POST') {
      const b = (rec.body ?? {}) as FailureSpec & { count?: number };
      const count = Math.max(1, Number(b.count ?? 1));
      for (let i = 0; i < count; i++) failures.push({ status: b.status, code: b.code, message: b.message, details: b.details });
      log(`next ${count} send(s) will fail (${b.status ?? 500}, code ${b.code ?? 131000})`);
      return reply(200, { queued: failures.length });
    }
    if (what === 'media' && req.method === 'POST' && !id) {
      const item = addMedia(
        new Uint8Array(raw),
        u.searchParams.get('type') ?? req.headers['content-type'] ?? 'application/octet-stream',
        u.searchParams.get('filename') ?? undefined,
        'inbound',
      );
      rec.body = { size: raw.byteLength };
      return reply(200, { id: item.id, sha256: item.sha256, mime_type: item.mimeType });
    }
    if (what === 'cdn' && req.method === 'GET' && id) {
      // Messenger attachment URLs are public CDN links: no token.
      const item = media.get(id);
      if (!item) return reply(404, { error: 'not found' });
      rec.status = 200;
      res.writeHead(200, { 'content-type': item.mimeType, 'content-length': String(item.data.byteLength) });
      res.end(item.data);
      return;
    }
    if (await messengerState.control(what, id, req.method ?? 'GET', rec, reply)) return;
    if (openAi.control(what, req.method ?? 'GET', rec.body, reply)) return;
    if (what === 'media' && req.method === 'GET' && id) {
      const item = media.get(id);
      if (opts.accessToken && req.headers.authorization !== `Bearer ${opts.accessToken}`)
        return reply(401, { error: 'unauthorized' });
      if (!req.headers.authorization?.startsWith('Bearer ')) return reply(401, { error: 'unauthorized' });
      if (!item) return reply(404, { error: 'not found' });
      rec.status = 200;
      res.writeHead(200, { 'content-type': item.mimeType, 'content-length': String(item.data.byteLength) });
      res.end(item.data);
      return;
    }
    if (what === 'webhook' && req.method === 'POST') {
      const b = (rec.body ?? {}) as { payload?: unknown; url?: string; signature?: string | false };
      if (!b.payload) return reply(400, { error: 'payload required' });
      const out = await sendWebhook(b.payload, { url: b.url, signature: b.signature });
      return reply(200, out);
    }
    if (what === 'status' && req.method === 'POST') {
      const b = (rec.body ?? {}) as {
        id: string;
        status: CloudStatusName;
        recipient: string;
        phoneNumberId?: string;
        url?: string;
        error?: { code: number; title: string; details?: string };
      };
      const phoneNumberId = b.phoneNumberId ?? sent.find((s) => s.wamid === b.id)?.phoneNumberId;
      if (!phoneNumberId || !b.id || !b.status) return reply(400, { error: 'id, status and phoneNumberId required' });
      const out = await deliverStatus(
        phoneNumberId,
        b.status,
        { id: b.id, recipient: b.recipient, error: b.error },
        { url: b.url },
      );
      return reply(200, out);
    }
    return reply(404, { error: 'unknown control path' });
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const host = opts.host && opts.host !== '0.0.0.0' ? opts.host : '127.0.0.1';
  baseUrl = `http://${host}:${port}`;

  const api: GraphStandin = {
    ...messengerState.api,
    url: baseUrl,
    port,
    requests,
    sent,
    media,
    chat: openAi.chat,
    failNext(count, spec = {}) {
      for (let i = 0; i < count; i++) failures.push({ ...spec });
    },
    addMedia: (data, mimeType, filename) => addMedia(data, mimeType, filename, 'inbound'),
    sendWebhook,
    deliverMessages: (phoneNumberId, messages, o = {}) =>
      sendWebhook(envelope({ phoneNumberId }, { messages, contacts: o.contacts }), o),
    deliverStatus,
    clear() {
      requests.length = 0;
      sent.length = 0;
      failures.length = 0;
      messengerState.api.messengerSent.length = 0;
      openAi.chat.reset();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return api;
}

function summarize(type: string, body: Json): string {
  const c = body[type] as Json | undefined;
  if (!c) return '';
  if (type === 'text') return JSON.stringify(c.body);
  if (type === 'reaction') return `${String(c.emoji)} on ${String(c.message_id)}`;
  if (type === 'interactive') return `${String(c.type)}: ${JSON.stringify((c.body as Json | undefined)?.text ?? '')}`;
  if (type === 'template') return String(c.name);
  return JSON.stringify(c).slice(0, 120);
}
