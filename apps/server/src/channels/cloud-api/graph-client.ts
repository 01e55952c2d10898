import { createHash } from 'node:crypto';
import { ChannelError } from '../types';
import { GraphApiError } from './graph-errors';

/**
 * Graph API version used when the configuration gives none: v13.0, the version seed 001 §7 names for the Facebook
 * login, and the default of GRAPH_API_VERSION (Meta serves a retired version as the oldest one it still runs).
 */
export const DEFAULT_GRAPH_API_VERSION = 'v13.0';
export const DEFAULT_GRAPH_API_URL = 'https://graph.facebook.com';

export interface GraphClientOptions {
  /** `https://graph.facebook.com` in production; `http://127.0.0.1:PORT` against the stand-in. */
  baseUrl?: string;
  /** `v13.0` …; with or without the leading `v`. */
  version?: string;
  accessToken: string;
  phoneNumberId: string;
  /** Per request. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** The body of `POST /{phone-number-id}/messages` (Cloud API "send message"). */
export interface GraphSendPayload {
  messaging_product?: 'whatsapp';
  recipient_type?: 'individual' | 'group';
  to: string;
  type: string;
  context?: { message_id: string };
  [content: string]: unknown;
}

export interface GraphSendResponse {
  messaging_product: 'whatsapp';
  contacts?: { input: string; wa_id: string }[];
  messages: { id: string; message_status?: string }[];
}

export interface GraphMediaInfo {
  id: string;
  url: string;
  mime_type: string;
  sha256?: string;
  file_size?: number;
  messaging_product?: string;
}

/** One item of `GET /{waba-id}/message_templates`. */
export interface GraphTemplate {
  id: string;
  name: string;
  language: string;
  category: string;
  status: string;
  rejected_reason?: string;
  components?: Record<string, unknown>[];
}

export interface GraphDownload {
  data: Uint8Array;
  mimeType: string;
  /** Hex SHA-256 of the bytes received. */
  sha256: string;
  /** What the Graph API announced, hex or base64 as given. */
  announcedSha256?: string;
}

/** A minimal client for the Cloud API endpoints Atendo uses. Native fetch; no retries here (the outbound job retries). */
export class GraphClient {
  readonly baseUrl: string;
  readonly version: string;
  private readonly fetchImpl: typeof fetch;

  constructor(private readonly opts: GraphClientOptions) {
    this.baseUrl = (opts.baseUrl ?? DEFAULT_GRAPH_API_URL).replace(/\/+$/, '');
    const v = opts.version ?? DEFAULT_GRAPH_API_VERSION;
    this.version = v.startsWith('v') ? v : `v${v}`;
    this.fetchImpl = opts.fetch ?? fetch;
  }

  get phoneNumberId() {
    return this.opts.phoneNumberId;
  }

  url(path: string) {
    return `${this.baseUrl}/${this.version}/${path.replace(/^\/+/, '')}`;
  }

  /** Sends one message; answers the `wamid` Meta assigned. */
  async sendMessage(payload: GraphSendPayload): Promise<GraphSendResponse> {
    const body = { messaging_product: 'whatsapp', recipient_type: 'individual', ...payload };
    const res = await this.request<GraphSendResponse>('POST', `${this.opts.phoneNumberId}/messages`, { json: body });
    if (!res || !Array.isArray(res.messages) || typeof res.messages[0]?.id !== 'string') {
      throw new GraphApiError('Graph API answered a send without a message id', 200, undefined, true);
    }
    return res;
  }

  /** Marks a received message as read (the customer sees blue ticks). */
  async markRead(messageId: string): Promise<void> {
    await this.request('POST', `${this.opts.phoneNumberId}/messages`, {
      json: { messaging_product: 'whatsapp', status: 'read', message_id: messageId },
    });
  }

  /** Uploads a file to the business number's media store; answers its media id (valid 30 days at Meta). */
  async uploadMedia(data: Uint8Array, mimeType: string, filename: string): Promise<string> {
    const form = new FormData();
    form.append('messaging_product', 'whatsapp');
    form.append('type', mimeType);
    form.append('file', new Blob([data], { type: mimeType }), filename);
    const res = await this.request<{ id?: string }>('POST', `${this.opts.phoneNumberId}/media`, { form });
    if (!res?.id) throw new GraphApiError('Graph API answered an upload without a media id', 200, undefined, true);
    return res.id;
  }

  /** Every message template of a WhatsApp Business Account, following Meta's paging (at most 20 pages of 100). */
  async listTemplates(businessAccountId: string): Promise<GraphTemplate[]> {
    const out: GraphTemplate[] = [];
    let after: string | undefined;
    for (let page = 0; page < 20; page++) {
      const query = `limit=100&fields=name,language,category,status,rejected_reason,components,id${after ? `&after=${encodeURIComponent(after)}` : ''}`;
      const res = await this.request<{ data?: GraphTemplate[]; paging?: { cursors?: { after?: string }; next?: string } }>(
        'GET',
        `${encodeURIComponent(businessAccountId)}/message_templates?${query}`,
      );
      out.push(...(res?.data ?? []));
      after = res?.paging?.cursors?.after;
      if (!res?.paging?.next || !after) break;
    }
    return out;
  }

  /** `GET /{media-id}`: where to download a media and what it is. */
  async getMedia(mediaId: string): Promise<GraphMediaInfo> {
    const res = await this.request<GraphMediaInfo>('GET', encodeURIComponent(mediaId));
    if (!res?.url) throw new GraphApiError('Graph API answered a media lookup without url', 200, undefined, false);
    return res;
  }

  /** Looks a media up, then downloads its bytes with the access token. Refuses files over `maxBytes`. */
  async downloadMedia(mediaId: string, maxBytes = Number.POSITIVE_INFINITY): Promise<GraphDownload> {
    const info = await this.getMedia(mediaId);
    if (info.file_size !== undefined && Number(info.file_size) > maxBytes) throw tooLarge(Number(info.file_size), maxBytes);
    let res: Response;
    try {
      res = await this.fetchImpl(info.url, {
        headers: { authorization: `Bearer ${this.opts.accessToken}` },
        signal: AbortSignal.timeout(this.opts.timeoutMs ?? 60_000),
      });
    } catch (err) {
      throw GraphApiError.network(err);
    }
    if (!res.ok) throw GraphApiError.fromResponse(res.status, await readJson(res), res.headers.get('retry-after'));
    const length = Number(res.headers.get('content-length'));
    if (Number.isFinite(length) && length > maxBytes) {
      await res.body?.cancel();
      throw tooLarge(length, maxBytes);
    }
    const data = new Uint8Array(await res.arrayBuffer());
    if (data.byteLength > maxBytes) throw tooLarge(data.byteLength, maxBytes);
    return {
      data,
      mimeType: info.mime_type || res.headers.get('content-type') || 'application/octet-stream',
      sha256: createHash('sha256').update(data).digest('hex'),
      announcedSha256: info.sha256,
    };
  }

  private async request<T = unknown>(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    body?: { json?: unknown; form?: FormData },
  ): Promise<T> {
    const headers: Record<string, string> = { authorization: `Bearer ${this.opts.accessToken}` };
    let payload: string | FormData | undefined;
    if (body?.json !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body.json);
    } else if (body?.form) {
      payload = body.form;
    }
    let res: Response;
    try {
      res = await this.fetchImpl(this.url(path), {
        method,
        headers,
        body: payload,
        signal: AbortSignal.timeout(this.opts.timeoutMs ?? 15_000),
      });
    } catch (err) {
      throw GraphApiError.network(err);
    }
    const json = await readJson(res);
    if (!res.ok || (typeof json === 'object' && json !== null && 'error' in json)) {
      throw GraphApiError.fromResponse(res.ok ? 502 : res.status, json, res.headers.get('retry-after'));
    }
    return json as T;
  }
}

async function readJson(res: Response): Promise<unknown> {
  const text = await res.text().catch(() => '');
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return { error: { message: text.slice(0, 300) } };
  }
}

function tooLarge(size: number, max: number) {
  return new ChannelError(`Media of ${size} bytes is over the ${max}-byte limit`, false, 'MEDIA_TOO_LARGE');
}
