/**
 * Issue 34 item 2: a user's signed-in devices and ending them, by the user or by an admin. The seeds' single-session
 * rule holds (a sign-in ends the previous one), so the list holds the live session of the user.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  bearer,
  createTenant,
  createTestApp,
  PASSWORD,
  type TestContext,
} from '../../../test/harness';
import { rooms } from '../../platform/realtime-port';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ env: { LOGIN_RATE_IP_PER_MINUTE: '1000' } });
});
afterAll(async () => t?.close());

const UA = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36';
async function signIn(email: string, password = PASSWORD, ip = '10.3.0.7') {
  const res = await t.app.inject({
    method: 'POST',
    url: '/auth/login',
    payload: { email, password },
    remoteAddress: ip,
    headers: { 'user-agent': UA },
  });
  expect(res.statusCode).toBe(200);
  return { token: res.json().token as string, cookie: res.cookies.find((c) => c.name === 'jrt')!.value };
}
const list = (s: { token: string; cookie?: string }) =>
  t.app.inject({ method: 'GET', url: '/auth/sessions', headers: bearer(s.token), cookies: s.cookie ? { jrt: s.cookie } : {} });
const refresh = (cookie: string) => t.app.inject({ method: 'POST', url: '/auth/refresh_token', cookies: { jrt: cookie } });
const logoutsOf = (userId: number) =>
  t.realtime.events.filter(
    (e) => e.event === 'auth' && (e.payload as { user: { id: number } }).user.id === userId && e.to?.includes(rooms.user(userId)),
  );

describe('my sessions', () => {
  it('lists the live session with its device, address, sign-in and last refresh; the asking browser is marked', async () => {
    const tenant = await createTenant(t);
    const s = await signIn(tenant.userEmail);
    const res = await list(s);
    expect(res.statusCode).toBe(200);
    const [one, ...rest] = res.json().sessions;
    expect(rest).toEqual([]);
    expect(one).toMatchObject({ userAgent: UA, ip: '10.3.0.7', current: true });

    // a refresh keeps the sign-in time and moves "last seen"
    const r = await refresh(s.cookie);
    const cookie = r.cookies.find((c) => c.name === 'jrt')!.value;
    const after = (await list({ token: r.json().token, cookie })).json().sessions;
    expect(after).toHaveLength(1);
    expect(after[0].signedInAt).toBe(one.signedInAt);
    expect(after[0].id).not.toBe(one.id);
    expect(new Date(after[0].lastSeenAt).getTime()).toBeGreaterThanOrEqual(new Date(one.lastSeenAt).getTime());
    // without the cookie (another client asking with the token) nothing is "current"
    expect((await list({ token: r.json().token })).json().sessions[0].current).toBe(false);
  });

  it('a new sign-in ends the previous one: the list holds only the new device', async () => {
    const tenant = await createTenant(t);
    await signIn(tenant.userEmail, PASSWORD, '10.3.0.1');
    const second = await signIn(tenant.userEmail, PASSWORD, '10.3.0.2');
    const sessions = (await list(second)).json().sessions;
    expect(sessions.map((x: { ip: string }) => x.ip)).toEqual(['10.3.0.2']);
  });

  it('ending a session: its refresh fails, its access token is refused, its socket is told', async () => {
    const tenant = await createTenant(t);
    const s = await signIn(tenant.userEmail);
    const [session] = (await list(s)).json().sessions;
    const before = logoutsOf(tenant.userId).length;
    const del = await t.app.inject({ method: 'DELETE', url: `/auth/sessions/${session.id}`, headers: bearer(s.token) });
    expect(del.statusCode).toBe(204);
    expect((await refresh(s.cookie)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/auth/me', headers: bearer(s.token) })).statusCode).toBe(401);
    const told = logoutsOf(tenant.userId).slice(before);
    expect(told.map((e) => e.payload)).toEqual([{ action: 'logout', user: { id: tenant.userId }, reason: 'ended' }]);
  });

  it("another user's session is not found; a malformed id is bad input", async () => {
    const a = await createTenant(t);
    const b = await createTenant(t);
    const sa = await signIn(a.userEmail);
    const sb = await signIn(b.userEmail);
    const [theirs] = (await list(sb)).json().sessions;
    const res = await t.app.inject({ method: 'DELETE', url: `/auth/sessions/${theirs.id}`, headers: bearer(sa.token) });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'ERR_NO_SESSION_FOUND' });
    expect((await refresh(sb.cookie)).statusCode).toBe(200);
    const bad = await t.app.inject({ method: 'DELETE', url: '/auth/sessions/not-a-uuid', headers: bearer(sa.token) });
    expect(bad.statusCode).toBe(400);
  });
});

describe("an admin ends a user's sessions", () => {
  it('the user is signed out (refresh fails, socket told); an attendant may not; another company is not found', async () => {
    const tenant = await createTenant(t);
    const other = await createTenant(t);
    const s = await signIn(tenant.userEmail);
    const end = (token: string, id: number) =>
      t.app.inject({ method: 'DELETE', url: `/users/${id}/sessions`, headers: bearer(token) });
    expect((await end(other.adminToken, tenant.userId)).statusCode).toBe(404);
    const byUser = await end((await signIn(other.userEmail)).token, other.adminId);
    expect(byUser.statusCode).toBe(403);
    expect((await refresh(s.cookie)).statusCode).toBe(200);

    const s2 = await signIn(tenant.userEmail);
    const before = logoutsOf(tenant.userId).length;
    expect((await end(tenant.adminToken, tenant.userId)).statusCode).toBe(204);
    expect((await refresh(s2.cookie)).statusCode).toBe(401);
    expect(
      logoutsOf(tenant.userId)
        .slice(before)
        .map((e) => (e.payload as { reason?: string }).reason),
    ).toEqual(['ended']);
  });

  it("a company admin cannot end a super admin's sessions", async () => {
    const superSession = await signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
    const me = (await t.app.inject({ method: 'GET', url: '/auth/me', headers: bearer(superSession.token) })).json();
    const platformAdmin = await createTenant(t);
    // the super admin's company is the platform (1): another company's admin does not find them
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/users/${me.id}/sessions`,
      headers: bearer(platformAdmin.adminToken),
    });
    expect(res.statusCode).toBe(404);
    expect((await refresh(superSession.cookie)).statusCode).toBe(200);
  });
});
