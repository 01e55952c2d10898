import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithCompanies, bearer, multipart, PNG_1PX, requester, type Tenant, type TestContext } from '../../../test/harness';

let t: TestContext, a: Tenant, b: Tenant;
const req = requester(() => t);

beforeAll(async () => {
  [t, a, b] = await appWithCompanies(2);
});
afterAll(async () => t?.close());

const upload = (id: number, token: string, files: { data: Buffer; filename: string; contentType: string }[]) => {
  const form = multipart(files.map((f) => ({ name: 'files', ...f })));
  return t.app.inject({
    method: 'POST',
    url: `/files/uploadList/${id}`,
    headers: { ...bearer(token), ...form.headers },
    payload: form.payload,
  });
};

describe('file lists', () => {
  it('creates, uploads several files checked by their bytes, renames, removes a file and deletes', async () => {
    const created = await req('POST', '/files', a.adminToken, { name: 'Catálogo', message: 'Segue o catálogo' });
    expect(created.statusCode).toBe(201);
    const list = created.json();
    expect(list.options).toEqual([]);

    const up = await upload(list.id, a.adminToken, [
      { data: PNG_1PX, filename: 'foto produto.png', contentType: 'image/png' },
      {
        data: Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n'),
        filename: 'tabela.pdf',
        contentType: 'application/pdf',
      },
    ]);
    expect(up.statusCode).toBe(200);
    const withFiles = up.json();
    expect(withFiles.options.map((o: { name: string; mediaType: string }) => [o.name, o.mediaType])).toEqual([
      ['foto_produto.png', 'image/png'],
      ['tabela.pdf', 'application/pdf'],
    ]);
    const media = await t.app.inject({
      method: 'GET',
      url: new URL(withFiles.options[0].url, 'http://x').pathname + new URL(withFiles.options[0].url, 'http://x').search,
    });
    expect(media.statusCode).toBe(200);
    expect(media.rawPayload.equals(PNG_1PX)).toBe(true);

    const lying = await upload(list.id, a.adminToken, [
      { data: Buffer.from('not an image'), filename: 'x.png', contentType: 'image/png' },
    ]);
    expect(lying.statusCode).toBe(400);
    expect(lying.json().error).toBe('ERR_INVALID_FILE_TYPE');

    const kept = await req('PUT', `/files/${list.id}`, a.adminToken, {
      name: 'Catálogo 2',
      message: 'Segue',
      options: [{ id: withFiles.options[1].id, name: 'precos.pdf' }],
    });
    expect(kept.json().options.map((o: { name: string }) => o.name)).toEqual(['precos.pdf']);
    expect(t.realtime.events.some((e) => e.event === 'file' && e.companyId === a.companyId)).toBe(true);

    expect((await req('GET', `/files/${list.id}`, b.adminToken)).statusCode).toBe(404);
    expect((await req('GET', '/files?pageNumber=1', b.adminToken)).json().files).toEqual([]);
    expect((await req('GET', '/files?searchParam=catá&pageNumber=1', a.adminToken)).json().files).toHaveLength(1);
    expect((await req('DELETE', `/files/${list.id}`, a.adminToken)).statusCode).toBe(204);
    expect((await req('GET', `/files/${list.id}`, a.adminToken)).statusCode).toBe(404);
  });

  it('validates: name at least 3 characters, message required; plain users refused', async () => {
    const res = await req('POST', '/files', a.adminToken, { name: 'ab', message: '' });
    expect(res.json().fields).toEqual([
      { path: 'name', message: 'validation.fileListNameShort' },
      { path: 'message', message: 'validation.required' },
    ]);
    expect((await req('GET', '/files', a.userToken)).statusCode).toBe(403);
  });
});
