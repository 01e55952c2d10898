import { createHmac, timingSafeEqual } from 'node:crypto';

const HEADER_RE = /^sha256=([0-9a-f]{64})$/i;

/** `sha256=<hex HMAC-SHA256 of the raw body keyed with the app secret>`, as Meta sends in `X-Hub-Signature-256`. */
export function signPayload(rawBody: Uint8Array | string, appSecret: string): string {
  return `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`;
}

/**
 * Checks `X-Hub-Signature-256` against the raw request body (the exact bytes received, before JSON parsing).
 * Missing, malformed or wrong signatures, and an empty app secret, all answer false. Constant-time compare.
 */
export function verifySignature(
  rawBody: Uint8Array | string,
  header: string | string[] | undefined,
  appSecret: string | null | undefined,
): boolean {
  if (!appSecret || typeof header !== 'string') return false;
  const match = HEADER_RE.exec(header.trim());
  if (!match) return false;
  const given = Buffer.from(match[1].toLowerCase(), 'hex');
  const expected = createHmac('sha256', appSecret).update(rawBody).digest();
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export type HubVerification = { ok: true; challenge: string } | { ok: false };

/**
 * The subscription handshake: Meta calls `GET <callback>?hub.mode=subscribe&hub.verify_token=…&hub.challenge=…`
 * and expects the challenge echoed back (200, text) when the token matches the one configured on the connection.
 */
export function verifyHubChallenge(query: Record<string, unknown>, verifyToken: string | null | undefined): HubVerification {
  const mode = query['hub.mode'];
  const token = query['hub.verify_token'];
  const challenge = query['hub.challenge'];
  if (mode !== 'subscribe' || typeof token !== 'string' || typeof challenge !== 'string') return { ok: false };
  if (!verifyToken || !safeEqual(token, verifyToken)) return { ok: false };
  return { ok: true, challenge };
}

function safeEqual(a: string, b: string) {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}
