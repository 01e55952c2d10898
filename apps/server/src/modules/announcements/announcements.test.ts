import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTenant,
  createTestApp,
  multipart,
  PNG_1PX,
  superAdminToken,
  type Tenant,
  type TestContext,
  twoInstancesOnRedis,
} from '../../../test/harness';
import { connect, drained, reaching, recorder, socketTracker } from '../../../test/socket-client';

let t: TestContext;
let a: Tenant;
let b: Tenant;
let root: string;
const { track, drain } = socketTracker();

const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: bearer(token), payload: payload as never });
const upload = (id: number, token: string, file: { data: Buffer; filename: string; contentType: string }) => {
  const form = multipart([
    { name: 'typeArch', data: 'announcements' },
    { name: 'file', ...file },
  ]);
  return t.app.inject({
    method: 'POST',
    url: `/announcements/${id}/media-upload`,
    headers: { ...bearer(token), ...form.headers },
    payload: form.payload,
  });
};

beforeAll(async () => {
  t = await createTestApp({ socket: {} });
  a = await createTenant(t);
  b = await createTenant(t);
  root = await superAdminToken(t);
});
afterEach(() => {
  for (const s of drain()) s.disconnect();
});
afterAll(async () => t?.close());

describe('announcements (seed 002 §2.9, §7; issue 18 item 5)', () => {
  it('the super admin creates, edits and deletes; every company hears company-announcement live', async () => {
    const ua = track(await connect(t.url!, a.companyId, a.userToken, a.userId));
    const ub = track(await connect(t.url!, b.companyId, b.adminToken, b.adminId));
    const [ra, rb] = [recorder(ua), recorder(ub)];
    const created = await req('POST', '/announcements', root, { title: 'Manutenção', text: 'Sábado às 22h', priority: 1 });
    expect(created.statusCode).toBe(201);
    const dto = created.json();
    expect(dto).toMatchObject({ title: 'Manutenção', text: 'Sábado às 22h', priority: 1, status: true, mediaPath: null });
    expect(await ra.wait('company-announcement')).toMatchObject({ action: 'create', record: { id: dto.id } });
    expect(await rb.wait('company-announcement')).toMatchObject({ action: 'create', record: { id: dto.id } });
    const forget = () => {
      ra.events.length = 0;
      rb.events.length = 0;
    };
    forget();

    const updated = await req('PUT', `/announcements/${dto.id}`, root, { title: 'Manutenção', text: 'Domingo', priority: 2 });
    expect(updated.json()).toMatchObject({ text: 'Domingo', priority: 2 });
    expect(await ra.wait('company-announcement')).toMatchObject({ action: 'update', record: { text: 'Domingo' } });
    expect(await rb.wait('company-announcement')).toMatchObject({ action: 'update' });
    forget();

    const list = await req('GET', '/announcements/?pageNumber=1', a.userToken);
    expect(list.json().records.map((r: { id: number }) => r.id)).toContain(dto.id);

    expect((await req('DELETE', `/announcements/${dto.id}`, root)).statusCode).toBe(204);
    expect(await rb.wait('company-announcement')).toEqual({ action: 'delete', id: dto.id });
    expect((await req('GET', `/announcements/${dto.id}`, root)).statusCode).toBe(404);
  });

  it('readers see only active announcements; the super admin sees all and searches', async () => {
    const on = (await req('POST', '/announcements', root, { title: 'Nova versão', text: 'Chegou o kanban' })).json();
    const off = (await req('POST', '/announcements', root, { title: 'Rascunho', text: 'não publicar', status: false })).json();
    expect(on.priority).toBe(3);
    const reader = (await req('GET', '/announcements', b.userToken)).json().records.map((r: { id: number }) => r.id);
    expect(reader).toContain(on.id);
    expect(reader).not.toContain(off.id);
    expect((await req('GET', `/announcements/${off.id}`, b.userToken)).statusCode).toBe(404);
    expect((await req('GET', `/announcements/${off.id}`, root)).statusCode).toBe(200);
    const found = (await req('GET', '/announcements?searchParam=rascun', root)).json();
    expect(found.records.map((r: { id: number }) => r.id)).toEqual([off.id]);
    expect(found).toMatchObject({ count: 1, hasMore: false });
  });

  it('validates title, text, priority and status', async () => {
    const res = await req('POST', '/announcements', root, { title: ' ', priority: 7, status: 'x' });
    expect(res.statusCode).toBe(400);
    const fields = res
      .json()
      .fields.map((f: { path: string }) => f.path)
      .sort();
    expect(fields).toEqual(['priority', 'status', 'text', 'title']);
  });

  it('answers 403 to a company admin on every write, 404 for an unknown id', async () => {
    const { id } = (await req('POST', '/announcements', root, { title: 'T', text: 'x' })).json();
    for (const [method, url] of [
      ['POST', '/announcements'],
      ['PUT', `/announcements/${id}`],
      ['DELETE', `/announcements/${id}`],
      ['POST', `/announcements/${id}/media-upload`],
      ['DELETE', `/announcements/${id}/media-upload`],
    ] as const) {
      const res = await req(method, url, a.adminToken, { title: 'T', text: 'x' });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await upload(id, a.adminToken, { data: PNG_1PX, filename: 'a.png', contentType: 'image/png' })).statusCode).toBe(403);
    expect((await req('PUT', '/announcements/999999', root, { title: 'T', text: 'x' })).statusCode).toBe(404);
  });

  it('takes a png or jpeg checked by its bytes, stored outside any public folder, served by a signed URL', async () => {
    const { id } = (await req('POST', '/announcements', root, { title: 'Com imagem', text: 'veja' })).json();
    const fake = await upload(id, root, {
      data: Buffer.from('<svg onload=alert(1)>'),
      filename: 'x.png',
      contentType: 'image/png',
    });
    expect(fake.statusCode).toBe(400);
    expect(fake.json().error).toBe('ERR_INVALID_FILE_TYPE');
    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
    expect((await upload(id, root, { data: gif, filename: 'x.gif', contentType: 'image/gif' })).json().error).toBe(
      'ERR_INVALID_FILE_TYPE',
    );
    const big = Buffer.concat([PNG_1PX, Buffer.alloc(5 * 1024 * 1024 + 10)]);
    expect((await upload(id, root, { data: big, filename: 'big.png', contentType: 'image/png' })).statusCode).toBe(413);

    const ok = await upload(id, root, { data: PNG_1PX, filename: 'banner.png', contentType: 'image/png' });
    expect(ok.statusCode).toBe(200);
    const dto = ok.json();
    expect(dto.mediaName).toBe('banner.png');
    const url = new URL(dto.mediaPath);
    expect(url.pathname).toMatch(/^\/media\/1\/announcement\/[\w-]+\.png$/);
    expect(url.searchParams.get('sig')).toBeTruthy();
    // the file lives in the media folder of the data dir, never under the web's public folder
    const stored = path.join(t.deps.media.dir, url.pathname.replace('/media/', ''));
    expect(existsSync(stored)).toBe(true);
    // a reader of another company loads it through the signed URL
    const img = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');

    const removed = await req('DELETE', `/announcements/${id}/media-upload`, root);
    expect(removed.json()).toMatchObject({ mediaPath: null, mediaName: null });
    expect(existsSync(stored)).toBe(false);
  });
});

describe('company-announcement across processes', () => {
  const redisUrl = process.env.REDIS_URL;
  it.skipIf(!redisUrl)('published on instance A reaches users of every company connected to instance B', async () => {
    const [one, two] = await twoInstancesOnRedis(redisUrl!);
    try {
      const x = await createTenant(one);
      const y = await createTenant(one);
      const rx = recorder(track(await connect(two.url!, x.companyId, x.userToken, x.userId)));
      const ry = recorder(track(await connect(two.url!, y.companyId, y.adminToken, y.adminId)));
      await reaching(one, x.companyId, rx);
      await reaching(one, y.companyId, ry);
      one.gateway!.publishGlobal('company-announcement', { action: 'delete', id: 42 });
      expect(await rx.wait('company-announcement')).toEqual({ action: 'delete', id: 42 });
      expect(await ry.wait('company-announcement')).toEqual({ action: 'delete', id: 42 });
      await drained(one, x.companyId, rx); // a sentinel from instance A, after the announcement: nothing else came
      expect(rx.names()).toEqual(['company-announcement']);
    } finally {
      for (const s of drain()) s.disconnect();
      await two.close();
      await one.close();
    }
  });
});
