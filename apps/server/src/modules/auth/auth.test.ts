import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  bearer,
  createTenant,
  createTestApp,
  dueDay,
  PASSWORD,
  type TestContext,
} from '../../../test/harness';
import { companies, users } from '../../db/schema';
import { localClock } from '../automation/automation.public';
import { setGlobalSetting } from '../settings/settings.public';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ env: { LOGIN_RATE_EMAIL_PER_15_MINUTES: '5', LOGIN_RATE_IP_PER_MINUTE: '1000' } });
});
afterAll(async () => t?.close());

const login = (email: string, password: string, ip = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/auth/login', payload: { email, password }, remoteAddress: ip });

function refreshCookie(res: { cookies: { name: string; value: string }[] }) {
  return res.cookies.find((c) => c.name === 'jrt')?.value;
}

describe('login', () => {
  it('answers a token and the session user with company, due date, settings and plan', async () => {
    const res = await login(ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.token).toEqual(expect.any(String));
    expect(body.user).toMatchObject({ email: ADMIN_EMAIL, super: true, profile: 'admin', companyId: 1 });
    expect(body.user.company.dueDate).toBe('2999-12-31T23:59:59.000Z');
    expect(body.user.company.companieSettings).toContainEqual({ key: 'sendSignMessage', value: 'enabled' });
    expect(body.user.company.plan).toMatchObject({ useCampaigns: true, useKanban: true });
    const cookie = res.cookies.find((c) => c.name === 'jrt');
    expect(cookie).toMatchObject({ httpOnly: true, path: '/auth' });
  });

  it('accepts the e-mail in any case', async () => {
    expect((await login(ADMIN_EMAIL.toUpperCase(), ADMIN_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a wrong password and an unknown e-mail with the same code', async () => {
    const wrong = await login(ADMIN_EMAIL, 'nope-nope');
    const unknown = await login('nobody@example.com', 'nope-nope');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: 'ERR_INVALID_CREDENTIALS' });
    expect(unknown.json()).toEqual({ error: 'ERR_INVALID_CREDENTIALS' });
  });

  it('still answers for an expired company, with its due date, and then refuses tenant routes with 402', async () => {
    const tenant = await createTenant(t, { dueDate: dueDay(-1) });
    const res = await login(tenant.adminEmail, PASSWORD);
    expect(res.statusCode).toBe(200);
    const { token, user } = res.json();
    expect(new Date(user.company.dueDate).getTime()).toBeLessThan(Date.now());
    expect((await t.app.inject({ method: 'GET', url: '/auth/me', headers: bearer(token) })).statusCode).toBe(200);
    const plan = await t.app.inject({ method: 'GET', url: `/companies/listPlan/${tenant.companyId}`, headers: bearer(token) });
    expect(plan.statusCode).toBe(200);
  });

  it('a company is active through its due day on its own clock, expired the day after (issue 30 item 2)', async () => {
    // due today: stored as UTC midnight of today, which had passed — the API answered 402 all day
    const today = await createTenant(t, { dueDate: dueDay(0) });
    expect(
      (await t.app.inject({ method: 'GET', url: '/tickets?pageNumber=1', headers: bearer(today.adminToken) })).statusCode,
    ).toBe(200);
    const yesterday = await createTenant(t, { dueDate: dueDay(-1) });
    const res = await t.app.inject({ method: 'GET', url: '/tickets?pageNumber=1', headers: bearer(yesterday.adminToken) });
    expect(res.statusCode).toBe(402);
  });

  it('refuses an inactive company', async () => {
    const tenant = await createTenant(t, { status: false });
    const res = await login(tenant.adminEmail, PASSWORD);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'ERR_COMPANY_INACTIVE' });
  });

  it('refuses a user outside their work hours on the company clock with ERR_OUT_OF_HOURS; admins sign in (issue 37 item 7)', async () => {
    const tenant = await createTenant(t);
    await t.database.db.update(companies).set({ timezone: 'Asia/Tokyo' }).where(eq(companies.id, tenant.companyId));
    const hhmm = (offsetMinutes: number) => {
      const m = (((localClock(new Date(), 'Asia/Tokyo').minutes + offsetMinutes) % 1440) + 1440) % 1440;
      return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
    };
    const hours = (startWork: string, endWork: string) =>
      t.database.db.update(users).set({ startWork, endWork }).where(eq(users.companyId, tenant.companyId));

    await hours(hhmm(120), hhmm(180)); // starts in two hours in Tokyo
    const refused = await login(tenant.userEmail, PASSWORD);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: 'ERR_OUT_OF_HOURS' });
    expect((await login(tenant.adminEmail, PASSWORD)).statusCode).toBe(200);

    // Within the hours in Tokyo (9 hours away from UTC, so a UTC clock would refuse it).
    await hours(hhmm(-60), hhmm(60));
    expect((await login(tenant.userEmail, PASSWORD)).statusCode).toBe(200);
  });

  it('validates the body', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/auth/login', payload: { email: 42 } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('ERR_VALIDATION');
    expect(res.json().fields.map((f: { path: string }) => f.path)).toEqual(expect.arrayContaining(['email', 'password']));
  });

  it('rate-limits attempts per e-mail with 429', async () => {
    const tenant = await createTenant(t);
    const codes: number[] = [];
    for (let i = 0; i < 7; i++) codes.push((await login(tenant.userEmail, 'bad-password', `10.1.0.${i}`)).statusCode);
    expect(codes.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(codes.slice(5)).toEqual([429, 429]);
    const res = await login(tenant.userEmail, PASSWORD, '10.1.0.99');
    expect(res.statusCode).toBe(429);
    expect(res.json().error).toBe('ERR_TOO_MANY_REQUESTS');
  });
});

describe('rate limit per IP', () => {
  // Each case builds an app with its own limits and limiter on the file's database (shareWith): a new database and
  // its migrations per case cost seconds and prove nothing about the limit.
  it('refuses attempts over the per-IP limit within a minute', async () => {
    const other = await createTestApp({ env: { LOGIN_RATE_IP_PER_MINUTE: '5' }, shareWith: t });
    try {
      const codes = new Set<number>();
      for (let i = 0; i < 6; i++) {
        const r = await other.app.inject({
          method: 'POST',
          url: '/auth/login',
          payload: { email: `x${i}@example.com`, password: 'whatever' },
          remoteAddress: '10.9.9.9',
        });
        codes.add(r.statusCode);
        if (i === 5) expect(r.statusCode).toBe(429);
      }
      expect(codes.has(401)).toBe(true);
    } finally {
      await other.close();
    }
  });

  /** Six sign-ins from one peer, each with a new X-Forwarded-For; the status codes answered. */
  async function signInsWithForgedAddresses(env: Record<string, string>, remoteAddress: string) {
    const other = await createTestApp({ env: { LOGIN_RATE_IP_PER_MINUTE: '5', ...env }, shareWith: t });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 6; i++) {
        const r = await other.app.inject({
          method: 'POST',
          url: '/auth/login',
          payload: { email: `x${i}@example.com`, password: 'whatever' },
          headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
          remoteAddress,
        });
        codes.push(r.statusCode);
      }
      return codes;
    } finally {
      await other.close();
    }
  }

  it('a new X-Forwarded-For does not escape the limit when no proxy is trusted (TRUST_PROXY unset, production)', async () => {
    const codes = await signInsWithForgedAddresses({ NODE_ENV: 'production' }, '10.9.9.9');
    expect(codes[5]).toBe(429);
  });

  it('a peer that is not a trusted proxy cannot forge its address either', async () => {
    const codes = await signInsWithForgedAddresses({ TRUST_PROXY: '127.0.0.1' }, '10.9.9.9');
    expect(codes[5]).toBe(429);
  });

  it('behind a trusted proxy (TRUST_PROXY=127.0.0.1) the forwarded address is the client', async () => {
    const codes = await signInsWithForgedAddresses({ TRUST_PROXY: '127.0.0.1' }, '127.0.0.1');
    expect(codes).not.toContain(429);
  });
});

describe('refresh and single session', () => {
  it('rotates the refresh token; the old one is refused afterwards', async () => {
    const tenant = await createTenant(t);
    const first = await login(tenant.userEmail, PASSWORD, '10.2.0.1');
    const rt1 = refreshCookie(first)!;
    const r1 = await t.app.inject({ method: 'POST', url: '/auth/refresh_token', cookies: { jrt: rt1 } });
    expect(r1.statusCode).toBe(200);
    const rt2 = refreshCookie(r1)!;
    expect(rt2).not.toBe(rt1);
    expect(r1.json().user.email).toBe(tenant.userEmail);
    // Reuse long after rotation: treated as theft (simulated by backdating the revocation)
    await t.database.query(
      `UPDATE user_sessions SET revoked_at = now() - interval '1 minute', rotated_at = now() - interval '1 minute' WHERE rotated_at IS NOT NULL`,
    );
    const reuse = await t.app.inject({ method: 'POST', url: '/auth/refresh_token', cookies: { jrt: rt1 } });
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toEqual({ error: 'ERR_SESSION_EXPIRED' });
    // ...and the theft detection ended the live session too
    const after = await t.app.inject({ method: 'POST', url: '/auth/refresh_token', cookies: { jrt: rt2 } });
    expect(after.statusCode).toBe(401);
  });

  it('lets two tabs refresh with the same token at once', async () => {
    const tenant = await createTenant(t);
    const rt = refreshCookie(await login(tenant.userEmail, PASSWORD, '10.2.0.2'))!;
    const [a, b] = await Promise.all([
      t.app.inject({ method: 'POST', url: '/auth/refresh_token', cookies: { jrt: rt } }),
      t.app.inject({ method: 'POST', url: '/auth/refresh_token', cookies: { jrt: rt } }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
  });

  it('refuses a refresh without a cookie', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/auth/refresh_token' });
    expect(res.statusCode).toBe(401);
  });

  it('a second login invalidates the first session and tells it by the auth event', async () => {
    const tenant = await createTenant(t);
    const first = await login(tenant.userEmail, PASSWORD, '10.3.0.1');
    const firstToken = first.json().token;
    expect((await t.app.inject({ method: 'GET', url: '/auth/me', headers: bearer(firstToken) })).statusCode).toBe(200);
    t.realtime.events.length = 0;
    const second = await login(tenant.userEmail, PASSWORD, '10.3.0.2');
    expect(second.statusCode).toBe(200);
    expect(t.realtime.events).toContainEqual({
      companyId: tenant.companyId,
      event: 'auth',
      payload: { action: 'logout', user: { id: tenant.userId } },
      to: [`user:${tenant.userId}`],
    });
    const stale = await t.app.inject({ method: 'GET', url: '/auth/me', headers: bearer(firstToken) });
    expect(stale.statusCode).toBe(401);
    const staleRefresh = await t.app.inject({
      method: 'POST',
      url: '/auth/refresh_token',
      cookies: { jrt: refreshCookie(first)! },
    });
    expect(staleRefresh.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/auth/me', headers: bearer(second.json().token) })).statusCode).toBe(200);
  });

  it('logout ends the session: the access and refresh tokens stop working', async () => {
    const tenant = await createTenant(t);
    const res = await login(tenant.userEmail, PASSWORD, '10.4.0.1');
    const { token } = res.json();
    const out = await t.app.inject({
      method: 'DELETE',
      url: '/auth/logout',
      headers: bearer(token),
      cookies: { jrt: refreshCookie(res)! },
    });
    expect(out.statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: '/auth/me', headers: bearer(token) })).statusCode).toBe(401);
    const r = await t.app.inject({ method: 'POST', url: '/auth/refresh_token', cookies: { jrt: refreshCookie(res)! } });
    expect(r.statusCode).toBe(401);
  });

  it('an expired access token answers 403 (the client refreshes once and retries); 401 only when the session is over (issue 37)', async () => {
    const tenant = await createTenant(t);
    const res = await login(tenant.userEmail, PASSWORD, '10.6.0.1');
    const { token } = res.json();
    // The same claims as the signed-in token, its time over: what a client holds 15 minutes after sign-in.
    const [, claims] = token.split('.');
    const { sub, cid, tv } = JSON.parse(Buffer.from(claims, 'base64url').toString());
    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({ cid, tv })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(sub)
      .setIssuedAt(now - 1000)
      .setExpirationTime(now - 100)
      .sign(new TextEncoder().encode(t.deps.config.jwtSecret!));
    const stale = await t.app.inject({ method: 'GET', url: '/tickets', headers: bearer(expired) });
    expect(stale.statusCode).toBe(403);
    expect(stale.json()).toEqual({ error: 'ERR_TOKEN_EXPIRED' });
    // As the seed's client: on 403, POST /auth/refresh_token with the cookie, then the same call again.
    const refreshed = await t.app.inject({ method: 'POST', url: '/auth/refresh_token', cookies: { jrt: refreshCookie(res)! } });
    expect(refreshed.statusCode).toBe(200);
    const again = await t.app.inject({ method: 'GET', url: '/tickets', headers: bearer(refreshed.json().token) });
    expect(again.statusCode).toBe(200);
    // A forged expired token is not ours: the session is over, 401.
    const forged = await new SignJWT({ cid, tv })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(sub)
      .setExpirationTime(now - 100)
      .sign(new TextEncoder().encode('x'.repeat(64)));
    expect((await t.app.inject({ method: 'GET', url: '/tickets', headers: bearer(forged) })).json()).toEqual({
      error: 'ERR_SESSION_EXPIRED',
    });
    // Signed out: the refresh answers 401 ERR_SESSION_EXPIRED, which signs the client out.
    await t.app.inject({
      method: 'DELETE',
      url: '/auth/logout',
      headers: bearer(refreshed.json().token),
      cookies: { jrt: refreshCookie(refreshed)! },
    });
    const over = await t.app.inject({ method: 'POST', url: '/auth/refresh_token', cookies: { jrt: refreshCookie(refreshed)! } });
    expect([over.statusCode, over.json()]).toEqual([401, { error: 'ERR_SESSION_EXPIRED' }]);
  });

  it('refuses garbage and forged tokens', async () => {
    for (const token of ['abc', 'a.b.c', `${(await login(ADMIN_EMAIL, ADMIN_PASSWORD, '10.5.0.1')).json().token}x`]) {
      const res = await t.app.inject({ method: 'GET', url: '/auth/me', headers: bearer(token) });
      expect(res.statusCode).toBe(401);
    }
    expect((await t.app.inject({ method: 'GET', url: '/auth/me' })).json()).toEqual({ error: 'ERR_SESSION_EXPIRED' });
  });
});

describe('signup', () => {
  it('creates a company and its admin on a public plan when allowSignup is on', async () => {
    const plans = (await t.app.inject({ method: 'GET', url: '/plans/list?listPublic=true' })).json();
    expect(plans.length).toBeGreaterThan(0);
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/signup',
      payload: {
        name: 'Maria',
        email: 'maria@acme.test',
        password: 'abcde',
        phone: '5511999990000',
        companyName: 'Acme',
        planId: plans[0].id,
      },
    });
    expect(res.statusCode).toBe(201);
    const logged = await login('maria@acme.test', 'abcde', '10.6.0.1');
    expect(logged.statusCode).toBe(200);
    expect(logged.json().user).toMatchObject({ profile: 'admin', super: false, company: { name: 'Acme' } });
    // the trial ends on a calendar day: the plan's trial days from today on São Paulo's clock (issue 30 item 2)
    const trialDays: number = plans[0].trialDays;
    expect(logged.json().user.company.dueDate).toBe(dueDay(trialDays).toISOString());
    const again = await t.app.inject({
      method: 'POST',
      url: '/auth/signup',
      payload: {
        name: 'Maria',
        email: 'MARIA@acme.test',
        password: 'abcde',
        phone: '5511999990001',
        companyName: 'Other',
        planId: plans[0].id,
      },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'ERR_EMAIL_ALREADY_EXISTS' });
  });

  it('validates with the seed rules', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/signup',
      payload: { name: 'M', email: 'bad', password: '123', phone: '', companyName: 'A', planId: 1 },
    });
    expect(res.statusCode).toBe(400);
    const fields = Object.fromEntries(res.json().fields.map((f: { path: string; message: string }) => [f.path, f.message]));
    expect(fields).toMatchObject({
      name: 'validation.signupTooShort',
      email: 'validation.invalidEmail',
      password: 'validation.tooShort',
      phone: 'validation.required',
      companyName: 'validation.tooShort',
    });
  });

  it('is refused when allowSignup is off', async () => {
    await setGlobalSetting(t.database.db, 'allowSignup', 'disabled');
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/auth/signup',
        payload: { name: 'Jo', email: 'jo@x.test', password: 'abcde', phone: '5511999990001', companyName: 'Jo Co', planId: 1 },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: 'ERR_SIGNUP_DISABLED' });
      expect((await t.app.inject({ method: 'GET', url: '/public-settings/allowSignup' })).json()).toBe('disabled');
    } finally {
      await setGlobalSetting(t.database.db, 'allowSignup', 'enabled');
    }
  });
});

describe('public endpoints', () => {
  it('answers version, public settings and refuses private keys', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/version' })).json()).toEqual({ version: '0.0.0-test' });
    // the bare value, as the seeds' client reads it (issue 16 item 13)
    const color = await t.app.inject({ method: 'GET', url: '/public-settings/primaryColorLight' });
    expect(color.headers['content-type']).toMatch(/^application\/json/);
    expect(color.json()).toBe('#0000FF');
    const secret = await t.app.inject({ method: 'GET', url: '/public-settings/stripeprivatekey' });
    expect(secret.statusCode).toBe(404);
    expect(secret.json()).toEqual({ error: 'ERR_NO_SETTING_FOUND' });
  });
});

describe('companies/listPlan', () => {
  it('answers the own company and 404 for another one', async () => {
    const a = await createTenant(t);
    const b = await createTenant(t, { planFlags: { useCampaigns: false } });
    const own = await t.app.inject({ method: 'GET', url: `/companies/listPlan/${b.companyId}`, headers: bearer(b.userToken) });
    expect(own.json().plan.useCampaigns).toBe(false);
    const other = await t.app.inject({ method: 'GET', url: `/companies/listPlan/${b.companyId}`, headers: bearer(a.adminToken) });
    expect(other.statusCode).toBe(404);
  });
});
