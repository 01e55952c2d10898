/**
 * A minimal client for the Messenger Platform (Facebook Pages and Instagram messaging) and the calls that connect
 * a Page: token exchange, the user's Pages, the Page's webhook subscription. Native fetch; no retries here
 * (the outbound job retries). Tokens go in `access_token`, as Meta's Messenger docs show.
 */
import { createHash } from 'node:crypto';
import { DEFAULT_GRAPH_API_URL, DEFAULT_GRAPH_API_VERSION } from '../cloud-api/graph-client';
import { GraphApiError } from '../cloud-api/graph-errors';
import { ChannelError } from '../types';

export interface MessengerClientOptions {
  baseUrl?: string;
  version?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export interface SendApiResponse {
  recipient_id: string;
  message_id?: string;
}

export interface MetaPage {
  id: string;
  name: string;
  access_token: string;
  instagram_business_account?: { id: string; username?: string; name?: string };
}

/** The fields a connected Page subscribes the app to. */
export const PAGE_SUBSCRIBED_FIELDS = [
  'messages',
  'messaging_postbacks',
  'message_deliveries',
  'message_reads',
  'message_echoes',
  'message_reactions',
] as const;

export class MessengerClient {
  readonly baseUrl: string;
  readonly version: string;
  private readonly fetchImpl: typeof fetch;

  constructor(private readonly opts: MessengerClientOptions = {}) {
    this.baseUrl = (opts.baseUrl ?? DEFAULT_GRAPH_API_URL).replace(/\/+$/, '');
    const v = opts.version ?? DEFAULT_GRAPH_API_VERSION;
    this.version = v.startsWith('v') ? v : `v${v}`;
    this.fetchImpl = opts.fetch ?? fetch;
  }

  url(path: string, query: Record<string, string | undefined> = {}) {
    const u = new URL(`${this.baseUrl}/${this.version}/${path.replace(/^\/+/, '')}`);
    for (const [k, v] of Object.entries(query)) if (v !== undefined) u.searchParams.set(k, v);
    return u.toString();
  }

  /** Send API (`POST /me/messages`) with a Page access token. */
  async send(pageToken: string, body: Record<string, unknown>): Promise<SendApiResponse> {
    return this.request<SendApiResponse>('POST', this.url('me/messages', { access_token: pageToken }), { json: body });
  }

  /** Send API with a file: multipart `recipient`, `message` (attachment without url) and `filedata`. */
  async sendFile(
    pageToken: string,
    fields: { recipient: unknown; message: unknown; messaging_type?: string },
    file: { data: Uint8Array; mimeType: string; filename: string },
  ): Promise<SendApiResponse> {
    const form = new FormData();
    form.append('recipient', JSON.stringify(fields.recipient));
    form.append('message', JSON.stringify(fields.message));
    if (fields.messaging_type) form.append('messaging_type', fields.messaging_type);
    form.append('filedata', new Blob([file.data], { type: file.mimeType }), file.filename);
    return this.request<SendApiResponse>('POST', this.url('me/messages', { access_token: pageToken }), { form });
  }

  /** The customer's profile: name on Instagram, first/last name on Messenger. Answers undefined when Meta will not say. */
  async profileName(pageToken: string, userId: string, channel: 'facebook' | 'instagram'): Promise<string | undefined> {
    const fields = channel === 'instagram' ? 'name,username' : 'first_name,last_name';
    const p = await this.request<{ name?: string; username?: string; first_name?: string; last_name?: string }>(
      'GET',
      this.url(encodeURIComponent(userId), { fields, access_token: pageToken }),
    );
    const name = channel === 'instagram' ? (p.name ?? p.username) : [p.first_name, p.last_name].filter(Boolean).join(' ');
    return name?.trim() || undefined;
  }

  /** Downloads an attachment URL (public CDN links: no token). Refuses files over `maxBytes`. */
  async download(url: string, maxBytes: number) {
    let res: Response;
    try {
      res = await this.fetchImpl(url, { signal: AbortSignal.timeout(this.opts.timeoutMs ?? 60_000) });
    } catch (err) {
      throw GraphApiError.network(err);
    }
    if (!res.ok) throw GraphApiError.fromResponse(res.status, undefined);
    const length = Number(res.headers.get('content-length'));
    if (Number.isFinite(length) && length > maxBytes) {
      await res.body?.cancel();
      throw tooLarge(length, maxBytes);
    }
    const data = new Uint8Array(await res.arrayBuffer());
    if (data.byteLength > maxBytes) throw tooLarge(data.byteLength, maxBytes);
    return {
      data,
      mimeType: res.headers.get('content-type')?.split(';')[0] || 'application/octet-stream',
      sha256: createHash('sha256').update(data).digest('hex'),
    };
  }

  // ─── connecting Pages ──────────────────────────────────────────────────────────

  /** A short-lived user token (from the login dialog) for a long-lived one (about 60 days); its Page tokens do not expire. */
  async exchangeUserToken(appId: string, appSecret: string, userToken: string): Promise<string> {
    const res = await this.request<{ access_token?: string }>(
      'GET',
      this.url('oauth/access_token', {
        grant_type: 'fb_exchange_token',
        client_id: appId,
        client_secret: appSecret,
        fb_exchange_token: userToken,
      }),
    );
    if (!res.access_token) throw new GraphApiError('token exchange answered no access_token', 200, undefined, false);
    return res.access_token;
  }

  /** The Pages the user manages, with their Page tokens and Instagram professional accounts. */
  async listPages(userToken: string): Promise<MetaPage[]> {
    const pages: MetaPage[] = [];
    let url: string | undefined = this.url('me/accounts', {
      fields: 'id,name,access_token,instagram_business_account{id,username,name}',
      limit: '100',
      access_token: userToken,
    });
    // Follows paging for users with many Pages (bounded).
    for (let i = 0; url && i < 20; i++) {
      const res: { data?: MetaPage[]; paging?: { next?: string } } = await this.request('GET', url);
      pages.push(...(res.data ?? []).filter((p) => p?.id && p.access_token));
      url = res.paging?.next;
    }
    return pages;
  }

  /** Subscribes the app to the Page's messaging webhooks. */
  async subscribePage(pageId: string, pageToken: string, fields: readonly string[] = PAGE_SUBSCRIBED_FIELDS): Promise<void> {
    await this.request(
      'POST',
      this.url(`${encodeURIComponent(pageId)}/subscribed_apps`, { subscribed_fields: fields.join(','), access_token: pageToken }),
    );
  }

  private async request<T>(
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    body?: { json?: unknown; form?: FormData },
  ): Promise<T> {
    const headers: Record<string, string> = {};
    let payload: string | FormData | undefined;
    if (body?.json !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body.json);
    } else if (body?.form) payload = body.form;
    let res: Response;
    try {
      res = await this.fetchImpl(url, {
        method,
        headers,
        body: payload,
        signal: AbortSignal.timeout(this.opts.timeoutMs ?? 15_000),
      });
    } catch (err) {
      throw GraphApiError.network(err);
    }
    const text = await res.text().catch(() => '');
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = { error: { message: text.slice(0, 300) } };
    }
    if (!res.ok || (typeof json === 'object' && json !== null && 'error' in json)) {
      throw GraphApiError.fromResponse(res.ok ? 502 : res.status, json, res.headers.get('retry-after'));
    }
    return json as T;
  }
}

function tooLarge(size: number, max: number) {
  return new ChannelError(`Media of ${size} bytes is over the ${max}-byte limit`, false, 'MEDIA_TOO_LARGE');
}
