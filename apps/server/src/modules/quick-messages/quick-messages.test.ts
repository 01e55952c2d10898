import { quickMessageFileName } from '@atendo/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, type TestUser } from '../../../test/attendance';
import { appWithCompanies, bearer, multipart, PNG_1PX, requester, type Tenant, type TestContext } from '../../../test/harness';
import { quickMessages } from '../../db/schema';

let t: TestContext, a: Tenant, b: Tenant;
let ana: TestUser;
let bia: TestUser;

const req = requester(() => t);

const uploadTo = (id: number, token: string, data: Buffer, filename: string, contentType: string) => {
  const form = multipart([
    { name: 'typeArch', data: 'quickMessage' },
    { name: 'file', data, filename, contentType },
  ]);
  return t.app.inject({
    method: 'POST',
    url: `/quick-messages/${id}/media-upload`,
    headers: { ...bearer(token), ...form.headers },
    payload: form.payload,
  });
};

beforeAll(async () => {
  [t, a, b] = await appWithCompanies(2);
  ana = await addUser(t, a, { name: 'Ana' });
  bia = await addUser(t, a, { name: 'Bia' });
  await t.database.db.insert(quickMessages).values([
    { companyId: a.companyId, userId: ana.id, shortcode: 'oi', message: 'Olá! Como posso ajudar?' },
    { companyId: a.companyId, userId: bia.id, shortcode: 'tchau', message: 'Até logo' },
    { companyId: a.companyId, userId: bia.id, shortcode: 'pix', message: 'Nossa chave PIX é…', geral: true },
    { companyId: a.companyId, userId: bia.id, shortcode: 'oculta', message: 'rascunho', geral: true, visao: false },
    { companyId: b.companyId, userId: b.adminId, shortcode: 'outra', message: 'de outra empresa', geral: true },
  ]);
});
afterAll(async () => t?.close());

describe('quick messages for the picker', () => {
  it("lists the caller's own and the shared visible ones, never another company's", async () => {
    const res = await req('GET', '/quick-messages/list', ana.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().map((q: { shortcode: string }) => q.shortcode)).toEqual(['oi', 'pix']);
    const search = await req('GET', '/quick-messages/list?searchParam=chave', ana.token);
    expect(search.json().map((q: { shortcode: string }) => q.shortcode)).toEqual(['pix']);
  });
});

describe('quick messages page', () => {
  it('pages own and shared ones (records, hasMore), shortcode required', async () => {
    const page = (await req('GET', '/quick-messages?pageNumber=1', ana.token)).json();
    expect(page.records.map((q: { shortcode: string }) => q.shortcode)).toEqual(['oculta', 'oi', 'pix']);
    expect(page.hasMore).toBe(false);
    expect(page.records.find((q: { shortcode: string }) => q.shortcode === 'pix').canEdit).toBe(true);
    const missing = await req('POST', '/quick-messages', ana.token, { message: 'x' });
    expect(missing.json().fields).toEqual([{ path: 'shortcode', message: 'validation.required' }]);
    expect((await req('POST', '/quick-messages', ana.token, { shortcode: '  ', message: 'x' })).json().fields).toEqual([
      { path: 'shortcode', message: 'validation.required' },
    ]);
    for (let i = 0; i < 21; i++)
      await req('POST', '/quick-messages', bia.token, { shortcode: `b${String(i).padStart(2, '0')}`, message: 'm' });
    const bp = (await req('GET', '/quick-messages?searchParam=b', bia.token)).json();
    expect(bp.records).toHaveLength(20);
    expect(bp.hasMore).toBe(true);
  });

  it('a shortcut cannot contain spaces, on create and on edit (issue 31 item 13)', async () => {
    const spaced = await req('POST', '/quick-messages', ana.token, { shortcode: 'bom dia', message: 'x' });
    expect(spaced.statusCode).toBe(400);
    expect(spaced.json().fields).toEqual([{ path: 'shortcode', message: 'validation.shortcodeNoSpaces' }]);
    const ok = await req('POST', '/quick-messages', ana.token, { shortcode: ' bomdia ', message: 'x' });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().shortcode).toBe('bomdia');
    const edit = await req('PUT', `/quick-messages/${ok.json().id}`, ana.token, { shortcode: 'bom\tdia' });
    expect(edit.json().fields).toEqual([{ path: 'shortcode', message: 'validation.shortcodeNoSpaces' }]);
    await req('DELETE', `/quick-messages/${ok.json().id}`, ana.token);
  });

  it('ownership: the owner edits and deletes; others only shared ones; private ones are invisible to others', async () => {
    const before = t.realtime.events.length;
    const mine = (await req('POST', '/quick-messages', ana.token, { shortcode: 'minha', message: 'privada' })).json();
    const created = t.realtime.events.slice(before).find((e) => e.event === 'quickemessage');
    expect(created?.to).toEqual([`user:${ana.id}`]);
    expect((await req('GET', `/quick-messages/${mine.id}`, bia.token)).statusCode).toBe(404);
    expect((await req('PUT', `/quick-messages/${mine.id}`, bia.token, { message: 'hack' })).statusCode).toBe(404);
    expect((await req('DELETE', `/quick-messages/${mine.id}`, bia.token)).statusCode).toBe(404);
    expect((await req('GET', `/quick-messages/${mine.id}`, b.adminToken)).statusCode).toBe(404);
    const shared = await req('PUT', `/quick-messages/${mine.id}`, ana.token, { geral: true });
    expect(shared.json()).toMatchObject({ geral: true, canEdit: true });
    const byBia = await req('PUT', `/quick-messages/${mine.id}`, bia.token, { message: 'editada pela Bia' });
    expect(byBia.statusCode).toBe(200);
    expect(byBia.json().message).toBe('editada pela Bia');
    const takeBack = await req('PUT', `/quick-messages/${mine.id}`, bia.token, { geral: false });
    expect(takeBack.statusCode).toBe(403);
    expect(takeBack.json()).toEqual({ error: 'ERR_NO_PERMISSION' });
    const from = t.realtime.events.length;
    expect((await req('PUT', `/quick-messages/${mine.id}`, ana.token, { geral: false })).statusCode).toBe(200);
    const ev = t.realtime.events.slice(from).filter((e) => e.event === 'quickemessage');
    expect(ev.map((e) => [(e.payload as { action: string }).action, e.to])).toEqual([
      ['delete', undefined],
      ['update', [`user:${ana.id}`]],
    ]);
    expect((await req('DELETE', `/quick-messages/${mine.id}`, ana.token)).statusCode).toBe(204);
  });

  it('attachment: checked by its bytes, spaces become underscores, replaced and removed', async () => {
    const qm = (await req('POST', '/quick-messages', ana.token, { shortcode: 'foto', message: 'veja' })).json();
    const fake = await uploadTo(qm.id, ana.token, Buffer.from('not really a png'), 'x.png', 'image/png');
    expect(fake.statusCode).toBe(400);
    expect(fake.json()).toEqual({ error: 'ERR_INVALID_FILE_TYPE' });
    const html = await uploadTo(qm.id, ana.token, Buffer.from('<html><script>alert(1)</script></html>'), 'a.html', 'text/html');
    expect(html.statusCode === 400 || html.json().mediaPath?.endsWith('.bin')).toBe(true);
    const ok = await uploadTo(qm.id, ana.token, PNG_1PX, 'minha foto de perfil.png', 'image/png');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ mediaName: 'minha_foto_de_perfil.png', isMedia: true });
    expect(ok.json().mediaPath).toMatch(new RegExp(`^${a.companyId}/media/[A-Za-z0-9_-]+\\.png$`));
    expect(ok.json().mediaUrl).toContain('sig=');
    expect((await uploadTo(qm.id, bia.token, PNG_1PX, 'x.png', 'image/png')).statusCode).toBe(404);
    const media = await t.app.inject({ method: 'GET', url: `/media/${ok.json().mediaPath}`, headers: bearer(b.adminToken) });
    expect(media.statusCode).toBe(404);
    const removed = await req('DELETE', `/quick-messages/${qm.id}/media-upload`, ana.token);
    expect(removed.json()).toMatchObject({ mediaPath: null, mediaName: null, isMedia: false });
    expect(quickMessageFileName('../../etc/pass wd')).toBe('pass_wd');
  });
});
