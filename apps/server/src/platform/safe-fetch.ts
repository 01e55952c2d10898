import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { AppError } from './errors';

/**
 * Outbound HTTP to a URL a company gave us (external-proxy feeds, n8n / webhook / Typebot URLs, Dialogflow
 * fulfilment, AI providers with a custom base): only http(s), only to PUBLIC addresses — loopback, private,
 * link-local (169.254.169.254 included), CGNAT, multicast, unspecified, reserved and their IPv6 forms
 * (::1, fc00::/7, fe80::/10, IPv4-mapped) are refused. The check runs on the address the socket really
 * connects to (the `lookup` hook of node:http), so a DNS name that resolves to 127.0.0.1 — or re-resolves
 * to it between a check and the connect — is refused, and nothing is sent. Redirects are followed by hand
 * (at most 5), each hop checked again. A timeout and a size cap bound every call.
 *
 * `allowHosts` (config OUTBOUND_ALLOWED_HOSTS, "host:port" items) lets a developer or a test reach a local
 * stand-in; it is empty in production.
 */

export type OutboundRefusal = 'scheme' | 'address' | 'redirects' | 'timeout' | 'too_large' | 'network';

export class OutboundRefused extends Error {
  constructor(
    readonly reason: OutboundRefusal,
    message: string,
  ) {
    super(message);
    this.name = 'OutboundRefused';
  }
}

export interface SafeRequest {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Milliseconds for the whole exchange, redirects included (default 10 s). */
  timeoutMs?: number;
  /** Largest answer body in bytes (default 2 MiB). */
  maxBytes?: number;
  /** Redirects followed (default 5; 0 refuses any). */
  maxRedirects?: number;
}

export interface SafeResponse {
  status: number;
  headers: Record<string, string>;
  /** The final URL after redirects. */
  url: string;
  body: Buffer;
  text(): string;
  json<T = unknown>(): T;
}

export type SafeFetch = (url: string, init?: SafeRequest) => Promise<SafeResponse>;

/** True when an address is a public unicast one (IPv4-mapped IPv6 judged as its IPv4). */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.process(address);
  return parsed.range() === 'unicast';
}

function hostKey(url: URL) {
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  return `${url.hostname.replace(/^\[|\]$/g, '').toLowerCase()}:${port}`;
}

/** A dns lookup that fails when any address of the name is not public. */
const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
    if (err) return callback(err, '', 0);
    const refused = addresses.find((a) => !isPublicAddress(a.address));
    if (refused || addresses.length === 0) {
      return callback(new OutboundRefused('address', `${hostname} resolves to a non-public address`), '', 0);
    }
    if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
    const first = addresses[0] as LookupAddress;
    callback(null, first.address, first.family);
  });
};

export function createSafeFetch(options: { allowHosts?: readonly string[] } = {}): SafeFetch {
  const allowed = new Set((options.allowHosts ?? []).map((h) => h.trim().toLowerCase()).filter(Boolean));

  function once(url: URL, init: SafeRequest, deadline: number): Promise<SafeResponse> {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      return Promise.reject(new OutboundRefused('scheme', `only http and https URLs are fetched, not ${url.protocol}`));
    }
    const exempt = allowed.has(hostKey(url));
    const literal = url.hostname.replace(/^\[|\]$/g, '');
    if (!exempt && isIP(literal) && !isPublicAddress(literal)) {
      return Promise.reject(new OutboundRefused('address', `${literal} is not a public address`));
    }
    const maxBytes = init.maxBytes ?? 2 * 1024 * 1024;
    const client = url.protocol === 'https:' ? https : http;
    return new Promise<SafeResponse>((resolve, reject) => {
      const remaining = deadline - Date.now();
      if (remaining <= 0) return reject(new OutboundRefused('timeout', 'the remote server did not answer in time'));
      const req = client.request(
        url,
        {
          method: init.method ?? 'GET',
          headers: init.headers,
          lookup: exempt ? undefined : guardedLookup,
          timeout: remaining,
          agent: false,
        },
        (res) => {
          const declared = Number(res.headers['content-length'] ?? 0);
          if (declared > maxBytes) {
            res.destroy();
            return reject(new OutboundRefused('too_large', `the answer is larger than ${maxBytes} bytes`));
          }
          const chunks: Buffer[] = [];
          let size = 0;
          res.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > maxBytes) {
              res.destroy();
              reject(new OutboundRefused('too_large', `the answer is larger than ${maxBytes} bytes`));
              return;
            }
            chunks.push(chunk);
          });
          res.on('error', (e) => reject(new OutboundRefused('network', e.message)));
          res.on('end', () => {
            const body = Buffer.concat(chunks);
            const headers: Record<string, string> = {};
            for (const [k, v] of Object.entries(res.headers))
              if (v !== undefined) headers[k] = Array.isArray(v) ? v.join(', ') : v;
            resolve({
              status: res.statusCode ?? 0,
              headers,
              url: url.toString(),
              body,
              text: () => body.toString('utf8'),
              json: <T>() => JSON.parse(body.toString('utf8')) as T,
            });
          });
        },
      );
      req.on('timeout', () => {
        req.destroy();
        reject(new OutboundRefused('timeout', 'the remote server did not answer in time'));
      });
      req.on('error', (e) => reject(e instanceof OutboundRefused ? e : new OutboundRefused('network', e.message)));
      if (init.body !== undefined) req.write(init.body);
      req.end();
    });
  }

  return async function safeFetch(rawUrl, init = {}) {
    let url: URL;
    try {
      url = new URL(rawUrl);
    } catch {
      throw new OutboundRefused('scheme', 'not a valid URL');
    }
    const deadline = Date.now() + (init.timeoutMs ?? 10_000);
    const maxRedirects = init.maxRedirects ?? 5;
    let current = init;
    for (let hop = 0; ; hop++) {
      const res = await once(url, current, deadline);
      const location = res.headers.location;
      if (res.status < 300 || res.status >= 400 || res.status === 304 || !location) return res;
      if (hop >= maxRedirects) throw new OutboundRefused('redirects', 'too many redirects');
      url = new URL(location, url);
      // 303 (and, as browsers do, 301/302 after a POST) continue as a GET without a body.
      if (res.status === 303 || ((res.status === 301 || res.status === 302) && (current.method ?? 'GET') !== 'GET')) {
        const { body: _body, ...rest } = current;
        current = { ...rest, method: 'GET' };
      }
    }
  };
}

/**
 * What can be judged of a URL before any lookup (a form's answer): not http(s), or an IP literal that is not public
 * and not allowed. A name that resolves to a private address is refused when it is fetched.
 */
export function refusedAtOnce(rawUrl: string, allowHosts: readonly string[] = []): OutboundRefusal | null {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return 'scheme';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'scheme';
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  if (!isIP(literal) || isPublicAddress(literal)) return null;
  const allowed = allowHosts.some((h) => h.trim().toLowerCase() === hostKey(url));
  return allowed ? null : 'address';
}

const perConfig = new WeakMap<object, SafeFetch>();
/** The guarded fetch for a configuration (OUTBOUND_ALLOWED_HOSTS), made once. */
export function outboundFetch(config: { outboundAllowedHosts: readonly string[] }): SafeFetch {
  let f = perConfig.get(config);
  if (!f) {
    f = createSafeFetch({ allowHosts: config.outboundAllowedHosts });
    perConfig.set(config, f);
  }
  return f;
}

/** The client-facing refusal of a failed outbound call: a URL we will not fetch (400) or a remote that failed (502). */
export function outboundAppError(e: unknown): AppError {
  if (e instanceof OutboundRefused && (e.reason === 'scheme' || e.reason === 'address' || e.reason === 'redirects')) {
    return new AppError('ERR_URL_NOT_ALLOWED', 400, { reason: e.reason });
  }
  return new AppError('ERR_EXTERNAL_REQUEST_FAILED', 502, e instanceof OutboundRefused ? { reason: e.reason } : undefined);
}
