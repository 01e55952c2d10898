import { createHmac } from 'node:crypto';
import { signBody } from '@atendo/graph-standin';
import { describe, expect, it } from 'vitest';
import { signPayload, verifyHubChallenge, verifySignature } from './signature';

const secret = 'app-secret-123';
const body = Buffer.from('{"object":"whatsapp_business_account","entry":[]}');
const good = `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

describe('X-Hub-Signature-256', () => {
  it('accepts the HMAC-SHA256 of the raw body, in either hex case', () => {
    expect(signPayload(body, secret)).toBe(good);
    expect(signBody(body, secret)).toBe(good); // the stand-in signs like Meta
    expect(verifySignature(body, good, secret)).toBe(true);
    expect(verifySignature(body, good.toUpperCase().replace('SHA256=', 'sha256='), secret)).toBe(true);
    expect(verifySignature(body.toString(), good, secret)).toBe(true);
  });

  it('refuses a wrong secret, a changed body, a missing or malformed header', () => {
    expect(verifySignature(body, signPayload(body, 'other'), secret)).toBe(false);
    expect(verifySignature(Buffer.from(`${body.toString()} `), good, secret)).toBe(false);
    expect(verifySignature(body, undefined, secret)).toBe(false);
    expect(verifySignature(body, '', secret)).toBe(false);
    expect(verifySignature(body, [good], secret)).toBe(false);
    expect(verifySignature(body, good.slice(7), secret)).toBe(false); // no "sha256=" prefix
    expect(verifySignature(body, `sha1=${good.slice(7)}`, secret)).toBe(false);
    expect(verifySignature(body, `${good.slice(0, -2)}zz`, secret)).toBe(false);
    expect(verifySignature(body, good.slice(0, -2), secret)).toBe(false); // truncated
  });

  it('refuses everything when the connection has no app secret', () => {
    expect(verifySignature(body, signPayload(body, ''), '')).toBe(false);
    expect(verifySignature(body, good, null)).toBe(false);
    expect(verifySignature(body, good, undefined)).toBe(false);
  });
});

describe('hub verification', () => {
  const q = (o: Record<string, string>) => o;
  it('echoes the challenge when mode is subscribe and the token matches', () => {
    expect(
      verifyHubChallenge(q({ 'hub.mode': 'subscribe', 'hub.verify_token': 'tok', 'hub.challenge': '1158201444' }), 'tok'),
    ).toEqual({
      ok: true,
      challenge: '1158201444',
    });
  });
  it('refuses a wrong token, another mode, a missing challenge or an unset token', () => {
    expect(verifyHubChallenge(q({ 'hub.mode': 'subscribe', 'hub.verify_token': 'bad', 'hub.challenge': '1' }), 'tok').ok).toBe(
      false,
    );
    expect(verifyHubChallenge(q({ 'hub.mode': 'unsubscribe', 'hub.verify_token': 'tok', 'hub.challenge': '1' }), 'tok').ok).toBe(
      false,
    );
    expect(verifyHubChallenge(q({ 'hub.mode': 'subscribe', 'hub.verify_token': 'tok' }), 'tok').ok).toBe(false);
    expect(verifyHubChallenge(q({ 'hub.mode': 'subscribe', 'hub.verify_token': '', 'hub.challenge': '1' }), '').ok).toBe(false);
    expect(verifyHubChallenge(q({ 'hub.mode': 'subscribe', 'hub.verify_token': 'x', 'hub.challenge': '1' }), null).ok).toBe(
      false,
    );
  });
});
