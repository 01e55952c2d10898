/**
 * The Messenger Platform part of the Graph API stand-in (Facebook Pages and Instagram messaging):
 *   GET  /{v}/oauth/access_token?grant_type=fb_exchange_token&client_id&client_secret&fb_exchange_token   long-lived user token
 *   GET  /{v}/me/accounts (or /{v}/{user-id}/accounts)   the user's Pages with their Page tokens and Instagram accounts
 *   POST /{v}/{page-id}/subscribed_apps?subscribed_fields=…   subscribe the app to the Page's webhooks (GET lists, DELETE removes)
 *   POST /{v}/me/messages (or /{v}/{page-id}/messages)   Send API: JSON, or multipart with `filedata`; refuses a
 *        RESPONSE outside 24 h of the customer's last message it delivered (code 10, subcode 2018278), and an
 *        Instagram audio that is not aac/m4a/wav/mp4 by its bytes (code 100)
 *   GET  /{v}/{psid|igsid}?fields=…   the customer's profile
 * Control: GET /_standin/messenger/sent · GET /_standin/messenger/pages · POST /_standin/messenger/page {name, instagram?}
 *          POST /_standin/messenger/deliver {object, entryId, messaging[]}
 */
import { randomBytes } from 'node:crypto';
import type { Json } from './builders';
import { type MessengerObject, messengerEnvelope, newMid } from './messenger';
import {
  type FailureSpec,
  graphError,
  type RecordedRequest,
  type StoredMedia,
  type WebhookDelivery,
  type WebhookOptions,
} from './wire';

export interface MessengerStandinOptions {
  /** The product's Messenger/Instagram callback URL (`…/webhooks/facebook`). */
  messengerWebhookUrl?: string;
  /** The Meta app id: checked on token exchange, put in echoes. Default `100000000000001`. */
  appId?: string;
  /** After each Send API call, post the `is_echo` webhook Meta sends for it (default off). */
  messengerEchoes?: boolean;
}

export interface StandinPage {
  id: string;
  name: string;
  accessToken: string;
  instagram?: { id: string; username: string; name?: string };
}

export interface MessengerSent {
  /** The Page the token belongs to. */
  pageId: string;
  /** The Page or Instagram account that sent it (`instagram` when the recipient is an Instagram customer). */
  platform: 'messenger' | 'instagram';
  senderId: string;
  recipient: string;
  mid: string;
  messagingType?: string;
  /** The JSON body, or the multipart fields (`message` parsed, `filedata` as {filename, size, type, head: first 16 bytes in hex}). */
  body: Json;
  message?: Json;
  senderAction?: string;
}

export interface MessengerApi {
  pages: Map<string, StandinPage>;
  messengerSent: MessengerSent[];
  /** Fields subscribed per Page (`subscribed_apps`). */
  subscriptions: Map<string, string[]>;
  /** Adds a Page (with an Instagram professional account when `instagram` is given) the next /me/accounts lists. */
  addPage(p: { id?: string; name: string; instagram?: { id?: string; username: string; name?: string } }): StandinPage;
  /** The customer's profile the Graph API answers (`first_name`/`last_name` on Messenger, `name`/`username` on Instagram). */
  setProfile(
    id: string,
    profile: { first_name?: string; last_name?: string; name?: string; username?: string; profile_pic?: string },
  ): void;
  /** Stores bytes and answers the public CDN URL a Messenger attachment carries. */
  addAttachment(data: Uint8Array, mimeType: string, filename?: string): string;
  /** Signs and posts a Messenger/Instagram notification; remembers each customer's last message (24-hour window). */
  deliverMessenger(object: MessengerObject, entryId: string, messaging: Json[], opts?: WebhookOptions): Promise<WebhookDelivery>;
}

interface Helpers {
  baseUrl(): string;
  log(line: string): void;
  addMedia(data: Uint8Array, mimeType: string, filename?: string): StoredMedia;
  post(url: string, payload: unknown, o?: WebhookOptions): Promise<WebhookDelivery>;
}

type Reply = (code: number, body: unknown) => void;

const WINDOW_MS = 24 * 3600_000;
const numericId = () => String(10n ** 14n + BigInt(`0x${randomBytes(5).toString('hex')}`));

export function createMessengerState(opts: MessengerStandinOptions & { appSecret: string }, h: Helpers) {
  const appId = opts.appId ?? '100000000000001';
  const pages = new Map<string, StandinPage>();
  const profiles = new Map<string, Json>();
  const subscriptions = new Map<string, string[]>();
  const messengerSent: MessengerSent[] = [];
  /** `${business id}:${customer id}` → ms of the customer's last message. */
  const lastInbound = new Map<string, number>();

  const deliverMessenger: MessengerApi['deliverMessenger'] = (object, entryId, messaging, o = {}) => {
    for (const m of messaging) {
      const message = m.message as Json | undefined;
      const sender = (m.sender as Json | undefined)?.id;
      if (message && !message.is_echo && typeof sender === 'string') {
        const ts = Number(m.timestamp ?? Date.now());
        const key = `${entryId}:${sender}`;
        lastInbound.set(key, Math.max(lastInbound.get(key) ?? 0, ts));
      }
    }
    const url = o.url ?? opts.messengerWebhookUrl;
    if (!url) throw new Error('graph-standin: no Messenger webhook URL (messengerWebhookUrl or url)');
    return h.post(url, messengerEnvelope(object, entryId, messaging), o);
  };

  const api: MessengerApi = {
    pages,
    messengerSent,
    subscriptions,
    addPage(p) {
      const page: StandinPage = {
        id: p.id ?? numericId(),
        name: p.name,
        accessToken: `EAAP${randomBytes(16).toString('hex')}`,
        instagram: p.instagram
          ? { id: p.instagram.id ?? `178414${numericId()}`, username: p.instagram.username, name: p.instagram.name }
          : undefined,
      };
      pages.set(page.id, page);
      return page;
    },
    setProfile(id, profile) {
      profiles.set(id, { id, ...profile });
    },
    addAttachment(data, mimeType, filename) {
      return `${h.baseUrl()}/_standin/cdn/${h.addMedia(data, mimeType, filename).id}`;
    },
    deliverMessenger,
  };

  const pageByToken = (token: string) => [...pages.values()].find((p) => p.accessToken === token);

  /** Handles a Graph path (without the version); answers false when it is not a Messenger path. */
  async function handle(
    parts: string[],
    method: string,
    u: URL,
    rec: RecordedRequest,
    reply: Reply,
    failures: FailureSpec[],
  ): Promise<boolean> {
    const token = u.searchParams.get('access_token') ?? rec.authorization?.replace(/^Bearer /, '') ?? '';
    const [first, second] = parts;

    if (method === 'GET' && first === 'oauth' && second === 'access_token') {
      const q = u.searchParams;
      if (q.get('grant_type') !== 'fb_exchange_token' || !q.get('fb_exchange_token')) {
        reply(400, graphError(100, 'Missing grant_type or fb_exchange_token', 400).body);
      } else if (q.get('client_id') !== appId || q.get('client_secret') !== opts.appSecret) {
        reply(400, graphError(101, 'Error validating application. Invalid application ID or secret.', 400).body);
      } else {
        reply(200, { access_token: `EAAL${q.get('fb_exchange_token')}`, token_type: 'bearer', expires_in: 5_183_944 });
      }
      return true;
    }

    if (method === 'GET' && parts.length === 2 && second === 'accounts') {
      if (!token) {
        reply(
          400,
          graphError(2500, 'An active access token must be used to query information about the current user.', 400).body,
        );
        return true;
      }
      const data = [...pages.values()].map((p) => ({
        id: p.id,
        name: p.name,
        access_token: p.accessToken,
        category: 'Business',
        tasks: ['ADVERTISE', 'ANALYZE', 'CREATE_CONTENT', 'MESSAGING', 'MODERATE', 'MANAGE'],
        ...(p.instagram
          ? { instagram_business_account: { id: p.instagram.id, username: p.instagram.username, name: p.instagram.name } }
          : {}),
      }));
      reply(200, { data, paging: { cursors: { before: 'QVFI', after: 'QVFI' } } });
      return true;
    }

    if (parts.length === 2 && second === 'subscribed_apps') {
      const page = pages.get(first);
      if (!page) reply(400, graphError(100, `Object with ID '${first}' does not exist`, 400).body);
      else if (token !== page.accessToken) reply(400, graphError(190, 'Invalid OAuth access token.', 400).body);
      else if (method === 'POST') {
        const fields = (u.searchParams.get('subscribed_fields') ?? '').split(',').filter(Boolean);
        if (!fields.length) reply(400, graphError(100, 'subscribed_fields is required', 400).body);
        else {
          subscriptions.set(page.id, fields);
          h.log(`page ${page.name} (${page.id}) subscribed: ${fields.join(',')}`);
          reply(200, { success: true });
        }
      } else if (method === 'DELETE') {
        subscriptions.delete(page.id);
        reply(200, { success: true });
      } else {
        const fields = subscriptions.get(page.id);
        reply(200, { data: fields ? [{ id: appId, name: 'Atendo', subscribed_fields: fields }] : [] });
      }
      return true;
    }

    const body = rec.body as Json | undefined;
    const isSend =
      method === 'POST' && parts.length === 2 && second === 'messages' && body && typeof body === 'object' && 'recipient' in body;
    if (isSend) {
      await send(first, token, body, reply, failures);
      return true;
    }

    // A customer's profile: read with a Page token (Cloud API media lookups use a bearer and a media id).
    if (method === 'GET' && parts.length === 1 && pageByToken(token) && u.searchParams.has('fields')) {
      const p = profiles.get(first) ?? { id: first, first_name: 'Cliente', last_name: first.slice(-4) };
      const fields = (u.searchParams.get('fields') ?? '').split(',');
      reply(200, Object.fromEntries(Object.entries(p).filter(([k]) => k === 'id' || fields.includes(k))));
      return true;
    }
    return false;
  }

  async function send(target: string, token: string, body: Json, reply: Reply, failures: FailureSpec[]) {
    const page = pageByToken(token);
    if (!page || (target !== 'me' && target !== page.id && target !== page.instagram?.id)) {
      return reply(400, graphError(190, 'Invalid OAuth access token - Cannot parse access token', 400).body);
    }
    const parse = (v: unknown) => (typeof v === 'string' ? (JSON.parse(v) as Json) : (v as Json | undefined));
    let recipient: Json | undefined;
    let message: Json | undefined;
    try {
      recipient = parse(body.recipient);
      message = parse(body.message);
    } catch {
      return reply(400, graphError(100, '(#100) Param recipient must be a JSON object', 400).body);
    }
    const to = typeof recipient?.id === 'string' ? recipient.id : '';
    if (!to) return reply(400, graphError(100, '(#100) The parameter recipient is required', 400).body);
    const senderAction = typeof body.sender_action === 'string' ? body.sender_action : undefined;
    const platform = page.instagram && lastInbound.has(`${page.instagram.id}:${to}`) ? 'instagram' : 'messenger';
    const senderId = platform === 'instagram' && page.instagram ? page.instagram.id : page.id;
    if (!message && !senderAction)
      return reply(400, graphError(100, '(#100) Must send either message or sender_action', 400).body);
    if (message && !message.text && !message.attachment && !body.filedata) {
      return reply(400, graphError(100, '(#100) Message cannot be empty, must provide valid attachment or text', 400).body);
    }
    const file = body.filedata as { filename: string; size: number; type: string; blob?: Blob; head?: string } | undefined;
    if (file?.blob) {
      // The first bytes (hex), so a test can tell the container by its magic, not by the name it was given.
      file.head = Buffer.from(await file.blob.slice(0, 16).arrayBuffer()).toString('hex');
      delete file.blob;
    }
    const attachmentType = (message?.attachment as Json | undefined)?.type;
    if (platform === 'instagram' && attachmentType === 'audio' && file?.head && !instagramAudio(Buffer.from(file.head, 'hex'))) {
      h.log(`instagram audio refused: ${file.type} is not aac/m4a/wav/mp4`);
      return reply(400, graphError(100, '(#100) Unsupported audio format: Instagram accepts aac, m4a, wav and mp4', 400).body);
    }

    if (!senderAction) {
      const failure = failures.shift();
      if (failure) {
        const f = graphError(
          failure.code ?? 2,
          failure.message ?? 'Service temporarily unavailable',
          failure.status ?? 500,
          failure.details,
        );
        return reply(f.status, f.body);
      }
      const last = lastInbound.get(`${senderId}:${to}`);
      const type = typeof body.messaging_type === 'string' ? body.messaging_type : 'RESPONSE';
      if (type !== 'MESSAGE_TAG' && last !== undefined && Date.now() - last > WINDOW_MS) {
        const err = graphError(10, '(#10) This message is sent outside of allowed window.', 400);
        (err.body.error as Json).error_subcode = 2018278;
        h.log(`send to ${to} refused: outside the 24-hour window`);
        return reply(400, err.body);
      }
    }
    const mid = senderAction ? '' : newMid();
    messengerSent.push({
      pageId: page.id,
      platform,
      senderId,
      recipient: to,
      mid,
      messagingType: typeof body.messaging_type === 'string' ? body.messaging_type : undefined,
      body,
      message,
      senderAction,
    });
    if (senderAction) {
      h.log(`${platform} ${senderAction} → ${to}`);
      return reply(200, { recipient_id: to });
    }
    h.log(
      `${platform} send to ${to}: ${message?.text ? JSON.stringify(message.text) : JSON.stringify(message?.attachment ?? file ?? {}).slice(0, 120)}`,
    );
    reply(200, { recipient_id: to, message_id: mid });
    if (opts.messengerEchoes && opts.messengerWebhookUrl) {
      const echo: Json = { mid, is_echo: true, app_id: Number(appId) };
      if (typeof message?.metadata === 'string') echo.metadata = message.metadata;
      if (typeof message?.text === 'string') echo.text = message.text;
      const item = { sender: { id: senderId }, recipient: { id: to }, timestamp: Date.now(), message: echo };
      void deliverMessenger(platform === 'instagram' ? 'instagram' : 'page', senderId, [item]).catch((e) =>
        h.log(`echo webhook failed: ${e}`),
      );
    }
  }

  /** Control paths under /_standin/messenger/…; answers false when not one. */
  async function control(what: string, sub: string | undefined, method: string, rec: RecordedRequest, reply: Reply) {
    if (what !== 'messenger') return false;
    const b = (rec.body ?? {}) as Json;
    if (sub === 'sent' && method === 'GET') reply(200, messengerSent);
    else if (sub === 'pages' && method === 'GET') reply(200, [...pages.values()]);
    else if (sub === 'page' && method === 'POST') {
      if (typeof b.name !== 'string') reply(400, { error: 'name required' });
      else reply(200, api.addPage(b as Parameters<MessengerApi['addPage']>[0]));
    } else if (sub === 'profile' && method === 'POST') {
      if (typeof b.id !== 'string') reply(400, { error: 'id required' });
      else {
        api.setProfile(b.id, b as never);
        reply(200, { ok: true });
      }
    } else if (sub === 'deliver' && method === 'POST') {
      const object = b.object === 'instagram' ? 'instagram' : 'page';
      if (typeof b.entryId !== 'string' || !Array.isArray(b.messaging)) reply(400, { error: 'entryId and messaging[] required' });
      else
        reply(
          200,
          await deliverMessenger(object, b.entryId, b.messaging as Json[], {
            url: typeof b.url === 'string' ? b.url : undefined,
          }),
        );
    } else reply(404, { error: 'unknown messenger control path' });
    return true;
  }

  return { api, handle, control };
}

/** Instagram's Send API takes audio as aac, m4a, wav or mp4 (not mp3, not ogg): told by the file's magic bytes. */
function instagramAudio(head: Buffer): boolean {
  if (head.subarray(4, 8).toString('latin1') === 'ftyp') return true; // MP4 / M4A
  if (head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'WAVE') return true;
  return head.length >= 2 && head[0] === 0xff && (head[1] & 0xf6) === 0xf0; // AAC in ADTS
}
