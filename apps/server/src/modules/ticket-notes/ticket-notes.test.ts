import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addConnection, addQueue, addUser, customerWrites, type TestUser } from '../../../test/attendance';
import { appWithCompanies, requester, type Tenant, type TestContext } from '../../../test/harness';

let t: TestContext, a: Tenant, b: Tenant;
let ana: TestUser;
let bia: TestUser;
let conn: { id: number };

const req = requester(() => t);

beforeAll(async () => {
  [t, a, b] = await appWithCompanies(2);
  const q = await addQueue(t, a);
  const other = await addQueue(t, a);
  conn = await addConnection(t, a, { queueIds: [q] });
  ana = await addUser(t, a, { queueIds: [q], name: 'Ana' });
  bia = await addUser(t, a, { queueIds: [other], name: 'Bia' });
});
afterAll(async () => t?.close());

describe('ticket notes', () => {
  it('creates (at least 2 characters), lists by ticket and by contact with the author, deletes own', async () => {
    const { ticketId, contactId } = await customerWrites(t, conn.id);
    const short = await req('POST', '/ticket-notes', ana.token, { note: 'x', ticketId, contactId });
    expect(short.statusCode).toBe(400);
    expect(short.json().fields).toEqual([{ path: 'note', message: 'validation.tooShort' }]);
    const created = await req('POST', '/ticket-notes', ana.token, { note: 'Cliente prefere ligação', ticketId, contactId });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      note: 'Cliente prefere ligação',
      ticketId,
      contactId,
      user: { id: ana.id, name: 'Ana' },
    });
    const byTicket = (await req('GET', `/ticket-notes/list?ticketId=${ticketId}`, ana.token)).json();
    expect(byTicket.map((n: { note: string }) => n.note)).toEqual(['Cliente prefere ligação']);
    const byContact = (await req('GET', `/ticket-notes/list?contactId=${contactId}`, ana.token)).json();
    expect(byContact).toHaveLength(1);
    expect((await req('DELETE', `/ticket-notes/${created.json().id}`, bia.token)).statusCode).toBe(403);
    expect((await req('DELETE', `/ticket-notes/${created.json().id}`, ana.token)).statusCode).toBe(204);
    expect((await req('GET', `/ticket-notes/list?ticketId=${ticketId}`, ana.token)).json()).toEqual([]);
  });

  it('needs a ticket the user may see, of that contact', async () => {
    const { ticketId, contactId } = await customerWrites(t, conn.id);
    expect((await req('POST', '/ticket-notes', bia.token, { note: 'intrusa', ticketId, contactId })).statusCode).toBe(404);
    expect((await req('POST', '/ticket-notes', b.adminToken, { note: 'intrusa', ticketId, contactId })).statusCode).toBe(404);
    expect((await req('GET', `/ticket-notes/list?ticketId=${ticketId}`, b.adminToken)).statusCode).toBe(404);
    const wrong = await req('POST', '/ticket-notes', ana.token, { note: 'errada', ticketId, contactId: contactId + 1000 });
    expect(wrong.statusCode).toBe(400);
  });
});
