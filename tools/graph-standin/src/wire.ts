/**
 * What the stand-in's parts share: the record of a request, failure specs, stored media, webhook
 * deliveries signed like Meta's, the Graph error body, and the small HTTP helpers of node:http.
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

export interface RecordedRequest {
  seq: number;
  at: string;
  method: string;
  path: string;
  query: Record<string, string>;
  authorization?: string;
  contentType?: string;
  /** Parsed JSON body, or the text fields of a multipart body (the file shows as `{ file: { filename, size, type } }`). */
  body?: unknown;
  /** What the stand-in answered. */
  status: number;
}

export interface FailureSpec {
  /** HTTP status to answer; default 500. */
  status?: number;
  /** Graph error code; default 131000 ("Something went wrong"). */
  code?: number;
  message?: string;
  details?: string;
}

export interface StoredMedia {
  id: string;
  data: Uint8Array;
  mimeType: string;
  filename?: string;
  sha256: string;
  /** `upload` when the product uploaded it, `inbound` when a test/simulate put it there for the product to download. */
  origin: 'upload' | 'inbound';
}

export interface WebhookDelivery {
  status: number;
  body: string;
  ms: number;
}

export interface WebhookOptions {
  /** Overrides the stand-in's `webhookUrl`. */
  url?: string;
  /** Overrides the app secret used to sign. */
  appSecret?: string;
  /** A signature header to send as is (tests of bad signatures); `false` sends none. */
  signature?: string | false;
}

export function signBody(body: string | Uint8Array, appSecret: string) {
  return `sha256=${createHmac('sha256', appSecret).update(body).digest('hex')}`;
}

export async function postSignedWebhook(
  url: string,
  payload: unknown,
  appSecret: string,
  signature?: string | false,
): Promise<WebhookDelivery> {
  const body = typeof payload === 'string' ? payload : JSON.stringify(payload);
  const headers: Record<string, string> = { 'content-type': 'application/json', 'user-agent': 'facebookexternalua' };
  if (signature !== false) headers['x-hub-signature-256'] = signature ?? signBody(body, appSecret);
  const started = performance.now();
  const res = await fetch(url, { method: 'POST', headers, body });
  const text = await res.text();
  return { status: res.status, body: text, ms: performance.now() - started };
}

export function graphError(code: number, message: string, status: number, details?: string) {
  return {
    status,
    body: {
      error: {
        message,
        type: code === 190 ? 'OAuthException' : 'OAuthException',
        code,
        error_data: { messaging_product: 'whatsapp', details: details ?? message },
        fbtrace_id: randomBytes(8).toString('base64url'),
      },
    },
  };
}

export function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)), ...headers });
  res.end(text);
}

export function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

export function tryJson(raw: Buffer): unknown {
  if (raw.byteLength === 0) return undefined;
  const text = raw.toString('utf8');
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
