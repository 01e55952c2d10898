/**
 * A local stand-in of Meta's Graph API for the WhatsApp Cloud API paths Atendo uses:
 *   POST /{version}/{phone-number-id}/messages   send (or mark read with `status: "read"`)
 *   POST /{version}/{phone-number-id}/media      upload (multipart: file, type, messaging_product)
 *   GET  /{version}/{media-id}                   media lookup → { url, mime_type, sha256, file_size, id }
 *   DELETE /{version}/{media-id}                 delete media
 *   GET  /{version}/{waba-id}/message_templates  the account's templates (cloud-rules.ts)
 *   GET  /_standin/media/{media-id}              the bytes (bearer required, like Meta's lookaside URL)
 * and its own control paths:
 *   GET|DELETE /_standin/requests                what it received / forget it
 *   POST /_standin/fail {count, status, code, message}   the next `count` sends fail
 *   POST /_standin/media?filename=&type=         store bytes (raw body) as an inbound media; answers { id }
 *   POST /_standin/webhook {payload, url?, signature?}  post a signed webhook to the product
 *   POST /_standin/status {id, status, recipient, phoneNumberId, error?}  post a status webhook
 *   POST /_standin/inbound {phoneNumberId, from, timestamp?}   a customer wrote (opens the 24-hour window)
 *   POST /_standin/clock {advanceMs? | now?}      move the stand-in's clock (the window is judged by it)
 *   GET|POST|DELETE /_standin/templates[/{waba-id}]  list / add ({wabaId, name, language, category, status,
 *                                                 components}; `phoneNumberId` links the number) / forget templates
 *   GET  /_standin/refused                        free-form sends refused with 131047
 * Sends follow Meta's rules (cloud-rules.ts): free-form messages only within 24 h of the customer's last message
 * (else a `failed` status with 131047), templates must exist, be approved and get their parameters (132001, 132000).
 * and OpenAI's POST /v1/audio/transcriptions (openai-server.ts).
 * Everything is kept in memory.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type CloudStatusName, envelope, type Json, newWamid, status as statusItem } from './builders';
import {
  type CloudRules,
  createCloudRules,
  REENGAGEMENT_ERROR,
  type renderTemplate,
  type StandinTemplate,
  type TemplateInput,
  type TemplateStatus,
} from './cloud-rules';
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
  /** A template send: what the customer sees (header, body, footer, buttons with the parameters in place). */
  rendered?: ReturnType<typeof renderTemplate>;
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
  /** The clock the 24-hour window is judged by (ms); default `Date.now`. `advanceClock` moves it. */
  now?: () => number;
}

export interface GraphStandin extends MessengerApi {
  url: string;
  port: number;
  requests: RecordedRequest[];
  sent: SentMessage[];
  /** Free-form sends accepted with an id and then failed with 131047: the customer's window was closed. */
  refused: SentMessage[];
  media: Map<string, StoredMedia>;
  /** The window, templates and the clock (cloud-rules.ts). */
  rules: CloudRules;
  /** A customer wrote to a business number (at `atMs`, default now): their 24-hour window opens. */
  customerWrote(phoneNumberId: string, waId: string, atMs?: number): void;
  /** Moves the stand-in's clock forward. */
  advanceClock(ms: number): void;
  /** Adds (or replaces, by name and language) a template of a WhatsApp Business Account; `phoneNumberId` links a number to it. */
  addTemplate(wabaId: string, template: TemplateInput, phoneNumberId?: string): StandinTemplate;
  setTemplateStatus(wabaId: string, name: string, status: TemplateStatus, language?: string): void;
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
  const refused: SentMessage[] = [];
  const failures: FailureSpec[] = [];
  let seq = 0;
  let clockOffset = 0;
  const baseNow = opts.now ?? Date.now;
  const rules = createCloudRules(() => baseNow() + clockOffset);
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
    rules.observe(payload);
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
      if (type === 'template') {
        const checked = rules.checkTemplate(phoneNumberId, body.template as Json | undefined);
        if (!checked.ok) {
          const r = checked.refusal;
          log(`send template to ${waId} → refused (${r.code}: ${r.details})`);
          return reply(r.status, graphError(r.code, r.message, r.status, r.details).body);
        }
        item.rendered = checked.rendered;
      } else if (!rules.windowOpen(phoneNumberId, waId)) {
        // Meta accepts the call and reports the refusal afterwards, as a failed status (error 131047).
        refused.push(item);
        log(`send ${type} to ${waId} → outside the 24-hour window: failed status 131047`);
        reply(200, { messaging_product: 'whatsapp', contacts: [{ input: to, wa_id: waId }], messages: [{ id: wamid }] });
        if (opts.webhookUrl) {
          void deliverStatus(phoneNumberId, 'failed', { id: wamid, recipient: waId, reference, error: REENGAGEMENT_ERROR }).catch(
            (e) => log(`status webhook failed: ${e}`),
          );
        }
        return;
      }
      sent.push(item);
      log(`send ${type} to ${waId}: ${item.rendered ? JSON.stringify(item.rendered.body) : summarize(type, body)}`);
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

    // GET /{v}/{waba-id}/message_templates
    if (req.method === 'GET' && parts.length === 3 && parts[2] === 'message_templates') {
      return reply(200, rules.listing(parts[1], u.searchParams));
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
      refused.length = 0;
      return reply(200, { ok: true });
    }
    if (what === 'sent' && req.method === 'GET') return reply(200, sent);
    if (what === 'refused' && req.method === 'GET') return reply(200, refused);
    if (what === 'inbound' && req.method === 'POST') {
      const b = (rec.body ?? {}) as { phoneNumberId?: string; from?: string; timestamp?: number };
      if (!b.phoneNumberId || !b.from) return reply(400, { error: 'phoneNumberId and from required' });
      rules.customerWrote(b.phoneNumberId, b.from, b.timestamp ? b.timestamp * 1000 : undefined);
      return reply(200, { windowClosesAt: rules.windowClosesAt(b.phoneNumberId, b.from) });
    }
    if (what === 'clock' && req.method === 'POST') {
      const b = (rec.body ?? {}) as { advanceMs?: number; now?: number };
      if (typeof b.now === 'number') clockOffset = b.now - baseNow();
      if (typeof b.advanceMs === 'number') clockOffset += b.advanceMs;
      log(`clock now ${new Date(rules.now()).toISOString()}`);
      return reply(200, { now: rules.now() });
    }
    if (what === 'templates') {
      if (req.method === 'GET') return reply(200, id ? rules.templatesOf(id) : []);
      if (req.method === 'DELETE') {
        rules.clearTemplates();
        return reply(200, { ok: true });
      }
      if (req.method === 'POST') {
        const b = (rec.body ?? {}) as TemplateInput & { wabaId?: string; phoneNumberId?: string };
        const wabaId = b.wabaId ?? id;
        if (!wabaId || !b.name || !b.language || !Array.isArray(b.components))
          return reply(400, { error: 'wabaId, name, language and components required' });
        const { wabaId: _w, phoneNumberId, ...template } = b;
        const t = api.addTemplate(wabaId, template, phoneNumberId);
        log(`template ${t.name} (${t.language}, ${t.status}) in WABA ${wabaId}`);
        return reply(200, t);
      }
    }
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
    refused,
    media,
    rules,
    customerWrote: (phoneNumberId, waId, atMs) => rules.customerWrote(phoneNumberId, waId, atMs),
    advanceClock(ms) {
      clockOffset += ms;
    },
    addTemplate(wabaId, template, phoneNumberId) {
      if (phoneNumberId) rules.linkNumber(phoneNumberId, wabaId);
      return rules.addTemplate(wabaId, template);
    },
    setTemplateStatus: (wabaId, name, status, language) => rules.setTemplateStatus(wabaId, name, status, language),
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
      refused.length = 0;
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
