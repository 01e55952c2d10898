import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The signature of an outgoing webhook (docs/api.md "Verifying a delivery"): `t=<unix seconds>,v1=<hex>` where the hex
 * is HMAC-SHA256 of `${t}.${body}` with the endpoint's secret — the body as sent, byte for byte.
 */
export function signatureHeader(secret: string, timestampSeconds: number, body: string): string {
  const v1 = createHmac('sha256', secret).update(`${timestampSeconds}.${body}`).digest('hex');
  return `t=${timestampSeconds},v1=${v1}`;
}

/** The receiver's check (the recipe of docs/api.md, as tests and the documentation run it). */
export function verifySignature(secret: string, header: string, body: string, nowSeconds: number, toleranceSeconds = 300) {
  const parts = new Map(header.split(',').map((p) => p.split('=', 2) as [string, string]));
  const t = Number(parts.get('t'));
  const v1 = parts.get('v1') ?? '';
  if (!Number.isFinite(t) || Math.abs(nowSeconds - t) > toleranceSeconds) return false;
  const expected = Buffer.from(createHmac('sha256', secret).update(`${t}.${body}`).digest('hex'));
  const given = Buffer.from(v1);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** A new endpoint's secret: 32 random bytes, prefixed so it is recognisable in a receiver's configuration. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

/**
 * Seconds before attempt `attempt + 1`: base, doubling, at most 6 h. With the 60 s default the 13 attempts span about
 * a day (1, 2, 4 … 256 min, then 6 h twice ≈ 20 h after the first).
 */
export function retryDelaySeconds(baseSeconds: number, attempt: number): number {
  return Math.min(6 * 3600, baseSeconds * 2 ** Math.max(0, attempt - 1));
}

/** Attempts of one delivery before it is given up (≈ a day with the default back-off). */
export const WEBHOOK_MAX_ATTEMPTS = 13;
