import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addConnection, addQueue, addUser, customerWrites, type TestUser } from '../../../test/attendance';
import { appWithCompanies, bearer, multipart, PNG_1PX, type Tenant, type TestContext } from '../../../test/harness';

let t: TestContext, a: Tenant, b: Tenant;
let ana: TestUser, outsider: TestUser;
let ticketId: number;

const upload = (token: string, filename: string, contentType: string, data: Buffer | string) => {
  const form = multipart([{ name: 'file', filename, contentType, data }]);
  return t.app.inject({
    method: 'POST',
    url: `/tickets/${ticketId}/private-files`,
    headers: { ...bearer(token), ...form.headers },
    payload: form.payload,
  });
};

beforeAll(async () => {
  [t, a, b] = await appWithCompanies(2);
  const q = await addQueue(t, a, 'Vendas');
  const other = await addQueue(t, a, 'Outra');
  const conn = await addConnection(t, a, { queueIds: [q] });
  ana = await addUser(t, a, { queueIds: [q], name: 'Ana' });
  outsider = await addUser(t, a, { queueIds: [other], name: 'Rui' });
  ({ ticketId } = await customerWrites(t, conn.id, { name: 'Cliente' }));
});
afterAll(async () => t?.close());

describe('private files of a ticket', () => {
  it('upload checked by bytes, listed with a signed link, downloaded, deleted; only who sees the ticket', async () => {
    expect((await upload(ana.token, 'foto.png', 'image/png', 'not a picture')).json()).toEqual({
      error: 'ERR_INVALID_FILE_TYPE',
    });
    const res = await upload(ana.token, 'comprovante.png', 'image/png', PNG_1PX);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ name: 'comprovante.png', mimeType: 'image/png', user: { name: 'Ana' } });
    const list = (
      await t.app.inject({ method: 'GET', url: `/tickets/${ticketId}/private-files`, headers: bearer(ana.token) })
    ).json();
    expect(list).toHaveLength(1);
    const file = await t.app.inject({
      method: 'GET',
      url: new URL(list[0].url, 'http://x').pathname + new URL(list[0].url, 'http://x').search,
    });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PNG_1PX)).toBe(true);
    for (const token of [outsider.token, b.adminToken]) {
      expect(
        (await t.app.inject({ method: 'GET', url: `/tickets/${ticketId}/private-files`, headers: bearer(token) })).statusCode,
      ).toBe(404);
      expect((await upload(token, 'x.png', 'image/png', PNG_1PX)).statusCode).toBe(404);
    }
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/tickets/${ticketId}/private-files/${list[0].id}`,
      headers: bearer(ana.token),
    });
    expect(del.statusCode).toBe(204);
    expect(
      (await t.app.inject({ method: 'GET', url: `/tickets/${ticketId}/private-files`, headers: bearer(ana.token) })).json(),
    ).toEqual([]);
  });
});
