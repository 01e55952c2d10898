import { request as httpsRequest } from 'node:https';
import type { PaymentProviderName } from '@atendo/shared';

/** What a charge asks of a provider. `reference` is ours and comes back in its notifications and lookups. */
export interface ChargeRequest {
  reference: string;
  amount: number;
  description: string;
  payer: { name: string; taxId: string; email: string | null };
  /** Where the provider should notify us (for providers that take it per charge). */
  notificationUrl: string;
  /** Where the provider's own checkout page sends the payer back. */
  returnUrl: string;
  dueDate: Date;
}

export interface CreatedCharge {
  externalId: string;
  /** PIX copia-e-cola and its image (Efí). */
  pixCopyPaste?: string;
  pixImage?: string | null;
  /** The provider's hosted checkout (Stripe, Mercado Pago, Asaas). */
  url?: string;
}

export type ChargeStatus = 'pending' | 'paid' | 'refused';

/** The provider's word on a charge: its status and, when it says, the amount paid in BRL (checked against ours). */
export interface ChargeState {
  status: ChargeStatus;
  amount?: number;
}

/** A notification as received: the exact bytes (signatures are over them), headers and query. */
export interface IncomingNotification {
  rawBody: Buffer;
  headers: Record<string, string | string[] | undefined>;
  query: Record<string, unknown>;
}

/** What a verified notification tells: which charges to look at, and an id that names this delivery's event. */
export interface VerifiedNotification {
  eventId: string;
  /** Charges it is about, by the provider's id or by our reference, with the status the provider vouches for. */
  charges: { externalId?: string; reference?: string; status: ChargeStatus; amount?: number }[];
}

/** The one port every payment provider sits behind (billing.service never knows which one it talks to). */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  createCharge(req: ChargeRequest): Promise<CreatedCharge>;
  /** Throws InvalidNotification when the notification is not the provider's (bad signature, secret or unknown). */
  verifyNotification(n: IncomingNotification): Promise<VerifiedNotification>;
  /** The provider's word on a charge now (reconciliation); by its id and our reference. */
  fetchStatus(charge: { externalId: string | null; reference: string }): Promise<ChargeState>;
}

export class InvalidNotification extends Error {}

/** The provider answered something we cannot use (HTTP error, unexpected body). */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

export function header(n: IncomingNotification, name: string): string | undefined {
  const v = n.headers[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
}

export function parseJsonBody(raw: Buffer): unknown {
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    throw new InvalidNotification('body is not JSON');
  }
}

/** HTTPS with a client certificate (Efí's mutual TLS): node:https, since fetch takes no client certificate. */
function requestWithCertificate(
  url: string,
  method: string,
  headers: Record<string, string>,
  body: string | undefined,
  pfx: Buffer,
) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = httpsRequest(url, { method, headers, pfx, passphrase: '', timeout: 15_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end(body);
  });
}

/** JSON over fetch with a timeout (over https with `pfx`: mutual TLS); a non-2xx answer is a ProviderError. */
export async function callJson<T>(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: unknown; form?: URLSearchParams; pfx?: Buffer },
): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', ...init.headers };
  let body: string | undefined;
  if (init.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = init.form.toString();
  } else if (init.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(init.body);
  }
  let res: { status: number; text: string };
  try {
    if (init.pfx && url.startsWith('https:'))
      res = await requestWithCertificate(url, init.method ?? 'GET', headers, body, init.pfx);
    else {
      const r = await fetch(url, { method: init.method ?? 'GET', headers, body, signal: AbortSignal.timeout(15_000) });
      res = { status: r.status, text: await r.text() };
    }
  } catch (err) {
    throw new ProviderError(`${init.method ?? 'GET'} ${url}: ${(err as Error).message}`);
  }
  const text = res.text;
  if (res.status < 200 || res.status > 299) {
    throw new ProviderError(`${init.method ?? 'GET'} ${url} answered ${res.status}: ${text.slice(0, 300)}`, res.status);
  }
  try {
    return (text ? JSON.parse(text) : {}) as T;
  } catch {
    throw new ProviderError(`${url} answered non-JSON`);
  }
}

export const onlyDigits = (s: string) => s.replace(/\D/g, '');
