import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appWithCompanies,
  bearer,
  createTenant,
  createTestApp,
  multipart,
  PASSWORD,
  PNG_1PX,
  type Tenant,
  type TestContext,
} from '../../../test/harness';
import { queues, users } from '../../db/schema';

let t: TestContext, a: Tenant, b: Tenant;
beforeAll(async () => {
  [t, a, b] = await appWithCompanies(2, { env: { LOGIN_RATE_IP_PER_MINUTE: '1000' } });
});
afterAll(async () => t?.close());

const put = (token: string, id: number, payload: unknown) =>
  t.app.inject({ method: 'PUT', url: `/users/${id}`, headers: bearer(token), payload: payload as object });

describe('GET /users/:id', () => {
  it('shows a user of the same company to an admin, and the user to themself', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/users/${a.userId}`, headers: bearer(a.adminToken) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: a.userId, email: a.userEmail, profile: 'user', queueIds: [] });
    expect(res.json()).not.toHaveProperty('passwordHash');
    const own = await t.app.inject({ method: 'GET', url: `/users/${a.userId}`, headers: bearer(a.userToken) });
    expect(own.statusCode).toBe(200);
  });

  it("answers 404 for another company's user and for an unknown id", async () => {
    for (const id of [b.userId, 999_999]) {
      const res = await t.app.inject({ method: 'GET', url: `/users/${id}`, headers: bearer(a.adminToken) });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'ERR_NO_USER_FOUND' });
    }
  });

  it("refuses a plain user another user's record", async () => {
    const res = await t.app.inject({ method: 'GET', url: `/users/${a.adminId}`, headers: bearer(a.userToken) });
    expect(res.statusCode).toBe(403);
  });
});

describe('PUT /users/:id', () => {
  it('lets a user edit their own name, e-mail, password, language, theme and menu', async () => {
    const tenant = await createTenant(t);
    const res = await put(tenant.userToken, tenant.userId, {
      name: 'Renamed',
      email: `NEW-${tenant.userEmail}`,
      password: 'newpass1',
      language: 'es',
      defaultTheme: 'dark',
      defaultMenu: 'closed',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Renamed',
      email: `new-${tenant.userEmail}`,
      language: 'es',
      defaultTheme: 'dark',
      defaultMenu: 'closed',
    });
    const login = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: `new-${tenant.userEmail}`, password: 'newpass1' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('keeps the password when an empty one is sent', async () => {
    const tenant = await createTenant(t);
    expect((await put(tenant.userToken, tenant.userId, { name: 'Same Pass', password: '' })).statusCode).toBe(200);
    const login = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: tenant.userEmail, password: PASSWORD },
    });
    expect(login.statusCode).toBe(200);
  });

  it('refuses a plain user changing their own profile, flags or queues', async () => {
    for (const body of [
      { profile: 'admin' },
      { allTicket: 'enabled' },
      { queueIds: [] },
      { startWork: '08:00' },
      { assignmentCapacity: 50 },
    ]) {
      const res = await put(a.userToken, a.userId, body);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: 'ERR_NO_PERMISSION' });
    }
    const row = await t.database.db.query.users.findFirst({ where: eq(users.id, a.userId) });
    expect(row?.profile).toBe('user');
  });

  it("an admin sets a user's own assignment capacity (1–1000) and clears it back to the queues' default", async () => {
    const set = await put(a.adminToken, a.userId, { assignmentCapacity: 4 });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().assignmentCapacity).toBe(4);
    for (const bad of [0, 1001, 2.5, '3']) {
      const res = await put(a.adminToken, a.userId, { assignmentCapacity: bad });
      expect(res.json().fields).toEqual([{ path: 'assignmentCapacity', message: 'validation.invalid' }]);
    }
    expect((await put(a.adminToken, a.userId, { assignmentCapacity: null })).json().assignmentCapacity).toBeNull();
  });

  it('refuses a plain user editing someone else', async () => {
    const res = await put(a.userToken, a.adminId, { name: 'Hacked' });
    expect(res.statusCode).toBe(403);
  });

  it('validates name, e-mail and password (seed 001 §5)', async () => {
    const cases: [unknown, string, string][] = [
      [{ name: 'A' }, 'name', 'validation.tooShort'],
      [{ name: 'x'.repeat(51) }, 'name', 'validation.tooLong'],
      [{ email: 'not-an-email' }, 'email', 'validation.invalidEmail'],
      [{ password: '1234' }, 'password', 'validation.tooShort'],
      [{ password: 'x'.repeat(51) }, 'password', 'validation.tooLong'],
    ];
    for (const [body, path, message] of cases) {
      const res = await put(a.adminToken, a.userId, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('ERR_VALIDATION');
      expect(res.json().fields).toContainEqual(expect.objectContaining({ path }));
      expect(
        res
          .json()
          .fields.map((f: { message: string }) => f.message)
          .join(' '),
      ).toContain(message);
    }
  });

  it('refuses an e-mail already used, in any case', async () => {
    const res = await put(a.adminToken, a.userId, { email: b.adminEmail.toUpperCase() });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'ERR_EMAIL_ALREADY_EXISTS' });
  });

  it('lets an admin set profile, flags, hours and queues of a company user, and publishes the update', async () => {
    const tenant = await createTenant(t);
    const [q] = await t.database.db
      .insert(queues)
      .values({ companyId: tenant.companyId, name: 'Support', color: '#abcdef' })
      .returning();
    t.realtime.events.length = 0;
    const res = await put(tenant.adminToken, tenant.userId, {
      allTicket: 'enabled',
      showDashboard: 'enabled',
      startWork: '08:00',
      endWork: '18:00',
      queueIds: [q.id],
      companyId: b.companyId, // ignored: the company comes from the token
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      allTicket: 'enabled',
      showDashboard: 'enabled',
      startWork: '08:00',
      queueIds: [q.id],
      companyId: tenant.companyId,
    });
    expect(t.realtime.events).toContainEqual(
      expect.objectContaining({ companyId: tenant.companyId, event: 'user', to: ['admins', `user:${tenant.userId}`] }),
    );
    const promoted = await put(tenant.adminToken, tenant.userId, { profile: 'admin' });
    expect(promoted.json().profile).toBe('admin');
  });

  it('refuses an admin demoting themself', async () => {
    const tenant = await createTenant(t);
    const res = await put(tenant.adminToken, tenant.adminId, { profile: 'user' });
    expect(res.statusCode).toBe(403);
    expect((await put(tenant.adminToken, tenant.adminId, { profile: 'admin', name: 'Still Admin' })).statusCode).toBe(200);
  });

  it("refuses another company's queues and connections", async () => {
    const [foreign] = await t.database.db
      .insert(queues)
      .values({ companyId: b.companyId, name: 'B queue', color: '#111111' })
      .returning();
    const res = await put(a.adminToken, a.userId, { queueIds: [foreign.id] });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'ERR_NO_QUEUE_FOUND' });
    const wapp = await put(a.adminToken, a.userId, { whatsappId: 987654 });
    expect(wapp.statusCode).toBe(404);
  });

  it("answers 404 to an admin editing another company's user, and leaves it untouched", async () => {
    const res = await put(a.adminToken, b.userId, { name: 'Taken over' });
    expect(res.statusCode).toBe(404);
    const row = await t.database.db.query.users.findFirst({ where: eq(users.id, b.userId) });
    expect(row?.name).not.toBe('Taken over');
  });

  it("an admin resetting someone's password ends that person's sessions", async () => {
    const tenant = await createTenant(t);
    const res = await put(tenant.adminToken, tenant.userId, { password: 'brandnew1' });
    expect(res.statusCode).toBe(200);
    const me = await t.app.inject({ method: 'GET', url: '/auth/me', headers: bearer(tenant.userToken) });
    expect(me.statusCode).toBe(401);
    // the admin's own session goes on
    expect((await t.app.inject({ method: 'GET', url: '/auth/me', headers: bearer(tenant.adminToken) })).statusCode).toBe(200);
  });
});

describe('PUT /users/toggleChangeWidht/:userId', () => {
  const setWidth = (token: string, width: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: `/users/toggleChangeWidht/${a.userId}`,
      headers: bearer(token),
      payload: { defaultTicketsManagerWidth: width },
    });

  it('sets the own ticket list width within 404–700', async () => {
    const ok = await setWidth(a.userToken, 620);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().defaultTicketsManagerWidth).toBe(620);
    for (const width of [403, 701, 'wide']) {
      const res = await setWidth(a.userToken, width);
      expect(res.statusCode).toBe(400);
    }
  });

  it("refuses someone else's width, even for an admin", async () => {
    const res = await setWidth(a.adminToken, 500);
    expect(res.statusCode).toBe(403);
  });
});

describe('POST /users/:id/media-upload', () => {
  const upload = (token: string, id: number, part: Parameters<typeof multipart>[0][number]) => {
    const form = multipart([{ name: 'userId', data: String(id) }, { name: 'typeArch', data: 'user' }, part]);
    return t.app.inject({
      method: 'POST',
      url: `/users/${id}/media-upload`,
      headers: { ...bearer(token), ...form.headers },
      payload: form.payload,
    });
  };

  it('stores an avatar and answers a signed URL the browser can load without a token', async () => {
    const res = await upload(a.userToken, a.userId, {
      name: 'profileImage',
      filename: 'me.png',
      contentType: 'image/png',
      data: PNG_1PX,
    });
    expect(res.statusCode).toBe(200);
    const url = new URL(res.json().profileImage);
    expect(url.pathname).toMatch(new RegExp(`^/media/${a.companyId}/avatar/[A-Za-z0-9_-]+\\.png$`));
    const img = await t.app.inject({ method: 'GET', url: url.pathname + url.search });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.rawPayload.equals(PNG_1PX)).toBe(true);
    const row = await t.database.db.query.users.findFirst({ where: eq(users.id, a.userId) });
    expect(row?.profileImage).toMatch(new RegExp(`^${a.companyId}/avatar/`));
  });

  it('refuses what is not an image, whatever its name says', async () => {
    const html = await upload(a.userToken, a.userId, {
      name: 'profileImage',
      filename: 'x.png',
      contentType: 'image/png',
      data: '<html><script>alert(1)</script></html>',
    });
    expect(html.statusCode).toBe(400);
    expect(html.json()).toEqual({ error: 'ERR_INVALID_FILE_TYPE' });
    const pdf = await upload(a.userToken, a.userId, {
      name: 'profileImage',
      filename: 'x.pdf',
      contentType: 'application/pdf',
      data: '%PDF-1.4 fake',
    });
    expect(pdf.json()).toEqual({ error: 'ERR_INVALID_FILE_TYPE' });
  });

  it('refuses an avatar over 5 MB', async () => {
    const big = Buffer.concat([PNG_1PX, Buffer.alloc(5 * 1024 * 1024)]);
    const res = await upload(a.userToken, a.userId, {
      name: 'profileImage',
      filename: 'big.png',
      contentType: 'image/png',
      data: big,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toBe('ERR_FILE_TOO_LARGE');
  });

  it("refuses another user's avatar for a plain user, and another company's user for an admin", async () => {
    const part = { name: 'profileImage', filename: 'a.png', contentType: 'image/png', data: PNG_1PX };
    expect((await upload(a.userToken, a.adminId, part)).statusCode).toBe(403);
    expect((await upload(a.adminToken, b.userId, part)).statusCode).toBe(404);
  });

  it('answers 400 without the file field and 415 for a JSON body', async () => {
    const res = await upload(a.userToken, a.userId, {
      name: 'other',
      filename: 'a.png',
      contentType: 'image/png',
      data: PNG_1PX,
    });
    expect(res.statusCode).toBe(400);
    const json = await t.app.inject({
      method: 'POST',
      url: `/users/${a.userId}/media-upload`,
      headers: bearer(a.userToken),
      payload: { profileImage: 'x' },
    });
    expect(json.statusCode).toBe(415);
  });
});

describe('GET /users/list', () => {
  it("lists the company's users with their queues, and nobody of another company", async () => {
    const t2 = await createTestApp();
    try {
      const a = await createTenant(t2);
      const b = await createTenant(t2);
      const res = await t2.app.inject({ method: 'GET', url: '/users/list', headers: bearer(a.userToken) });
      expect(res.statusCode).toBe(200);
      const ids = res.json().map((u: { id: number }) => u.id);
      expect(ids.sort()).toEqual([a.adminId, a.userId].sort());
      expect(ids).not.toContain(b.adminId);
      expect(res.json()[0]).toEqual(expect.objectContaining({ queues: [], online: false }));
      expect(res.json()[0].email).toBeUndefined();
    } finally {
      await t2.close();
    }
  });
});
