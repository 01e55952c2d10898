/**
 * Issue 34 item 1: two-factor sign-in (TOTP of RFC 6238) on a fixed clock — enrolment with a confirmation code, the
 * code step after the password, the window, replay, recovery codes used once, the step's own rate limit, the
 * requirement by a company or the platform, and the secret never given back.
 */
import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, createTenant, createTestApp, PASSWORD, superAdminToken, type TestContext } from '../../../test/harness';
import { users } from '../../db/schema';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ env: { LOGIN_RATE_IP_PER_MINUTE: '1000' } });
});
afterAll(async () => t?.close());

/** A step boundary (divisible by 30 s), so "n steps later" is exact. */
const T0 = Date.UTC(2026, 2, 10, 15, 0, 0);
let nowMs = T0;
beforeEach(() => {
  nowMs = T0;
  t.modules.auth.setClock(() => new Date(nowMs));
});
const at = (seconds: number) => {
  nowMs = T0 + seconds * 1000;
};
const codeAt = (secret: string, seconds: number) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: T0 + seconds * 1000,
  });

const post = (url: string, token: string | null, payload?: unknown, ip = '10.1.0.1') =>
  t.app.inject({ method: 'POST', url, headers: token ? bearer(token) : {}, payload: payload as object, remoteAddress: ip });
const login = (email: string, password = PASSWORD, ip = '10.1.0.1') => post('/auth/login', null, { email, password }, ip);
const secondStep = (challenge: string, code: string, ip = '10.1.0.1') =>
  post('/auth/login/two-factor', null, { challenge, code }, ip);

/** A fresh user signed in, enrolled at T0: their secret, recovery codes and a current access token. */
async function enrolledUser() {
  at(0);
  const tenant = await createTenant(t);
  const first = await login(tenant.userEmail);
  const { token } = first.json();
  const setup = await post('/auth/two-factor/setup', token);
  expect(setup.statusCode).toBe(200);
  const { secret, uri } = setup.json();
  expect(uri).toMatch(/^otpauth:\/\/totp\/.+secret=/);
  const confirm = await post('/auth/two-factor/confirm', token, { code: codeAt(secret, 0) });
  expect(confirm.statusCode).toBe(200);
  return { tenant, secret: secret as string, codes: confirm.json().codes as string[], token: token as string };
}

describe('enrolment', () => {
  it('a new secret with its otpauth URI, a confirmation code, then ten recovery codes; the secret is never given back', async () => {
    const tenant = await createTenant(t);
    const { token } = (await login(tenant.userEmail)).json();
    const before = await t.app.inject({ method: 'GET', url: '/auth/two-factor', headers: bearer(token) });
    expect(before.json()).toEqual({ enabled: false, required: false, enabledAt: null, recoveryCodesLeft: 0 });

    const { secret } = (await post('/auth/two-factor/setup', token)).json();
    const wrong = await post('/auth/two-factor/confirm', token, { code: codeAt(secret, -300) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: 'ERR_INVALID_TWO_FACTOR_CODE' });
    expect((await post('/auth/two-factor/confirm', token, { code: '12ab56' })).json().error).toBe('ERR_VALIDATION');

    const ok = await post('/auth/two-factor/confirm', token, { code: ` ${codeAt(secret, 0)} ` });
    expect(ok.statusCode).toBe(200);
    const { codes } = ok.json();
    expect(codes).toHaveLength(10);
    for (const c of codes) expect(c).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
    expect(new Set(codes).size).toBe(10);

    const status = (await t.app.inject({ method: 'GET', url: '/auth/two-factor', headers: bearer(token) })).json();
    expect(status).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    expect(JSON.stringify(status)).not.toContain(secret);
    expect((await post('/auth/two-factor/setup', token)).json()).toEqual({ error: 'ERR_TWO_FACTOR_ALREADY_ENABLED' });
    const me = (await t.app.inject({ method: 'GET', url: '/auth/me', headers: bearer(token) })).json();
    expect(me).toMatchObject({ twoFactorEnabled: true, twoFactorRequired: false });
    expect(JSON.stringify(me)).not.toContain(secret);

    // stored sealed, never as the secret itself; recovery codes as hashes
    const row = await t.database.db.query.users.findFirst({ where: eq(users.id, tenant.userId) });
    expect(row?.twoFactorSecret).toBeTruthy();
    expect(row?.twoFactorSecret).not.toContain(secret);
    const stored = await t.database.db.query.userRecoveryCodes.findMany();
    expect(stored.some((r) => codes.includes(r.codeHash))).toBe(false);
  });
});

describe('sign-in with a second factor', () => {
  it('the password answers a challenge, not a session: the other computer stays signed in until the code', async () => {
    const { tenant, secret, token } = await enrolledUser();
    const first = await login(tenant.userEmail);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ twoFactorRequired: true, challenge: expect.any(String) });
    expect(first.cookies.find((c) => c.name === 'jrt')).toBeUndefined();
    const { challenge } = first.json();
    // the challenge opens nothing else
    expect((await t.app.inject({ method: 'GET', url: '/auth/me', headers: bearer(challenge) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/auth/me', headers: bearer(token) })).statusCode).toBe(200);

    at(30);
    const res = await secondStep(challenge, codeAt(secret, 30));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ token: expect.any(String), user: { id: tenant.userId, twoFactorEnabled: true } });
    expect(res.cookies.find((c) => c.name === 'jrt')).toBeDefined();
    // single session as before: the earlier one is over
    expect((await t.app.inject({ method: 'GET', url: '/auth/me', headers: bearer(token) })).statusCode).toBe(401);
  });

  it('a code of the step before or after is accepted (the window); older ones are refused', async () => {
    const { tenant, secret } = await enrolledUser();
    at(600);
    const { challenge } = (await login(tenant.userEmail)).json();
    expect((await secondStep(challenge, codeAt(secret, 600 - 90))).json()).toEqual({ error: 'ERR_INVALID_TWO_FACTOR_CODE' });
    expect((await secondStep(challenge, codeAt(secret, 600 - 60))).json()).toEqual({ error: 'ERR_INVALID_TWO_FACTOR_CODE' });
    expect((await secondStep(challenge, codeAt(secret, 600 - 30))).statusCode).toBe(200);
    at(900);
    const again = (await login(tenant.userEmail)).json();
    expect((await secondStep(again.challenge, codeAt(secret, 930))).statusCode).toBe(200);
  });

  it('the same code is refused the second time within its window (no replay), also the confirmation code', async () => {
    const { tenant, secret } = await enrolledUser();
    at(10);
    const a = (await login(tenant.userEmail)).json();
    // the enrolment's confirmation code (step 0) was spent
    expect((await secondStep(a.challenge, codeAt(secret, 0))).json()).toEqual({ error: 'ERR_INVALID_TWO_FACTOR_CODE' });
    at(35);
    const code = codeAt(secret, 35);
    expect((await secondStep(a.challenge, code)).statusCode).toBe(200);
    at(50);
    const b = (await login(tenant.userEmail)).json();
    expect((await secondStep(b.challenge, code)).json()).toEqual({ error: 'ERR_INVALID_TWO_FACTOR_CODE' });
    // and an earlier step's code once a later one was used
    expect((await secondStep(b.challenge, codeAt(secret, 20))).json()).toEqual({ error: 'ERR_INVALID_TWO_FACTOR_CODE' });
  });

  it('a recovery code works once, typed in any case with spaces', async () => {
    const { tenant, codes, token } = await enrolledUser();
    const a = (await login(tenant.userEmail)).json();
    const ok = await secondStep(a.challenge, ` ${codes[3].toUpperCase()} `);
    expect(ok.statusCode).toBe(200);
    const b = (await login(tenant.userEmail)).json();
    expect((await secondStep(b.challenge, codes[3])).json()).toEqual({ error: 'ERR_INVALID_TWO_FACTOR_CODE' });
    const status = (await t.app.inject({ method: 'GET', url: '/auth/two-factor', headers: bearer(ok.json().token) })).json();
    expect(status.recoveryCodesLeft).toBe(9);
    expect(token).not.toBe(ok.json().token);
  });

  it('the code step has its own limit per user: five wrong codes, then even the right one waits (from any address)', async () => {
    const { tenant, secret } = await enrolledUser();
    at(300);
    const { challenge } = (await login(tenant.userEmail)).json();
    for (let i = 0; i < 5; i++) {
      const r = await secondStep(challenge, '000000', `10.2.0.${i + 1}`);
      expect(r.json()).toEqual({ error: 'ERR_INVALID_TWO_FACTOR_CODE' });
    }
    const limited = await secondStep(challenge, codeAt(secret, 300), '10.2.0.99');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toBe('ERR_TOO_MANY_REQUESTS');
    // another user is not affected
    const other = await enrolledUser();
    at(330);
    const c2 = (await login(other.tenant.userEmail)).json();
    expect((await secondStep(c2.challenge, codeAt(other.secret, 330), '10.2.0.99')).statusCode).toBe(200);
  });

  it('a forged, garbled or stale challenge is refused: start again with the password', async () => {
    const { tenant, secret } = await enrolledUser();
    at(60);
    for (const challenge of ['x', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl', 'a'.repeat(2000)]) {
      const r = await secondStep(challenge, codeAt(secret, 60));
      expect(r.statusCode).toBe(401);
      expect(r.json()).toEqual({ error: 'ERR_TWO_FACTOR_CHALLENGE_EXPIRED' });
    }
    expect((await secondStep('a'.repeat(2001), codeAt(secret, 60))).statusCode).toBe(400);
    // the password changed after the challenge: it no longer holds
    const { challenge } = (await login(tenant.userEmail)).json();
    await t.database.db.update(users).set({ passwordHash: 'changed' }).where(eq(users.id, tenant.userId));
    expect((await secondStep(challenge, codeAt(secret, 60))).json()).toEqual({ error: 'ERR_TWO_FACTOR_CHALLENGE_EXPIRED' });
  });
});

describe('turning it off, renewing codes, an admin reset', () => {
  it('off with the password only; then the password alone signs in', async () => {
    const { tenant, token } = await enrolledUser();
    const wrong = await post('/auth/two-factor/disable', token, { password: 'not-it' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: 'ERR_WRONG_PASSWORD' });
    expect((await post('/auth/two-factor/disable', token, { password: PASSWORD })).statusCode).toBe(204);
    const res = await login(tenant.userEmail);
    expect(res.json()).toMatchObject({ token: expect.any(String) });
    expect((await t.database.db.query.userRecoveryCodes.findMany()).some((r) => r.userId === tenant.userId)).toBe(false);
  });

  it('new recovery codes with the password: the old ones stop working', async () => {
    const { tenant, codes, token } = await enrolledUser();
    const renewed = await post('/auth/two-factor/recovery-codes', token, { password: PASSWORD });
    expect(renewed.statusCode).toBe(200);
    const fresh: string[] = renewed.json().codes;
    expect(fresh).toHaveLength(10);
    const a = (await login(tenant.userEmail)).json();
    expect((await secondStep(a.challenge, codes[0])).statusCode).toBe(400);
    expect((await secondStep(a.challenge, fresh[0])).statusCode).toBe(200);
  });

  it("an admin resets a user's second factor (a lost phone); not another company's, and a user may not", async () => {
    const { tenant } = await enrolledUser();
    const other = await createTenant(t);
    const del = (token: string, id: number) =>
      t.app.inject({ method: 'DELETE', url: `/users/${id}/two-factor`, headers: bearer(token) });
    expect((await del(other.adminToken, tenant.userId)).statusCode).toBe(404);
    expect((await del(tenant.userToken, tenant.userId)).statusCode).toBe(401); // the enrolment's sign-in ended that token
    const admin = (await login(tenant.adminEmail)).json().token;
    expect((await del(admin, tenant.userId)).statusCode).toBe(204);
    expect((await login(tenant.userEmail)).json()).toMatchObject({ token: expect.any(String) });
  });
});

describe('required by the company or by the platform', () => {
  it("a company admin requires it of the company's users: the session says so, and it cannot be turned off", async () => {
    const tenant = await createTenant(t);
    const put = await t.app.inject({
      method: 'PUT',
      url: '/companySettings',
      headers: bearer(tenant.adminToken),
      payload: { column: 'requireTwoFactor', data: 'enabled' },
    });
    expect(put.statusCode).toBe(200);
    const { token, user } = (await login(tenant.userEmail)).json();
    expect(user).toMatchObject({ twoFactorEnabled: false, twoFactorRequired: true });
    const { secret } = (await post('/auth/two-factor/setup', token)).json();
    await post('/auth/two-factor/confirm', token, { code: codeAt(secret, 0) });
    const off = await post('/auth/two-factor/disable', token, { password: PASSWORD });
    expect(off.json()).toEqual({ error: 'ERR_TWO_FACTOR_REQUIRED' });
    // an attendant may not change the company's rule
    const byUser = await t.app.inject({
      method: 'PUT',
      url: '/companySettings',
      headers: bearer((await createTenant(t)).userToken),
      payload: { column: 'requireTwoFactor', data: 'disabled' },
    });
    expect(byUser.statusCode).toBe(403);
  });

  it('the super admin requires it of every admin of the platform (not of attendants); a company admin may not', async () => {
    const tenant = await createTenant(t);
    const set = (token: string, value: string) =>
      t.app.inject({ method: 'PUT', url: '/settings/requireTwoFactorAdmins', headers: bearer(token), payload: { value } });
    expect((await set(tenant.adminToken, 'enabled')).statusCode).toBe(403);
    const superToken = await superAdminToken(t);
    expect((await set(superToken, 'maybe')).statusCode).toBe(400);
    expect((await set(superToken, 'enabled')).statusCode).toBe(200);
    try {
      const admin = (await login(tenant.adminEmail)).json();
      expect(admin.user).toMatchObject({ twoFactorRequired: true, twoFactorEnabled: false });
      const user = (await login(tenant.userEmail)).json();
      expect(user.user).toMatchObject({ twoFactorRequired: false });
    } finally {
      await set(await superAdminToken(t), 'disabled');
    }
  });
});
