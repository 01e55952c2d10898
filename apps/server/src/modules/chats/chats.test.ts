import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addUser, type TestUser } from '../../../test/attendance';
import { bearer, createTenant, createTestApp, type Tenant, type TestContext } from '../../../test/harness';
import { connect, drained, recorder, socketTracker } from '../../../test/socket-client';

let t: TestContext, a: Tenant, b: Tenant, noChat: Tenant;
let ana: TestUser, bia: TestUser, caio: TestUser;
const { track, drain } = socketTracker();

const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: bearer(token), payload: payload as never });

beforeAll(async () => {
  t = await createTestApp({ socket: {} });
  a = await createTenant(t);
  b = await createTenant(t);
  noChat = await createTenant(t, { planFlags: { useInternalChat: false } });
  ana = await addUser(t, a, { name: 'Ana' });
  bia = await addUser(t, a, { name: 'Bia' });
  caio = await addUser(t, a, { name: 'Caio' });
});
afterEach(() => {
  for (const s of drain()) s.disconnect();
});
afterAll(async () => t?.close());

describe('internal chat (seed 002 §2.10, §7)', () => {
  it('creates a chat with the owner as member; only the owner edits and deletes; validation and plan flag', async () => {
    const bad = await req('POST', '/chats', ana.token, { title: ' ', users: [] });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .fields.map((f: { path: string }) => f.path)
        .sort(),
    ).toEqual(['title', 'users']);
    expect((await req('POST', '/chats', ana.token, { title: 'Time', users: [b.userId] })).json()).toEqual({
      error: 'ERR_NO_USER_FOUND',
    });
    const created = await req('POST', '/chats', ana.token, { title: 'Vendas', users: [{ id: bia.id }] });
    expect(created.statusCode, created.body).toBe(201);
    const chat = created.json();
    expect(chat).toMatchObject({ title: 'Vendas', ownerId: ana.id, lastMessage: '' });
    expect(chat.users.map((u: { user: { name: string } }) => u.user.name)).toEqual(['Ana', 'Bia']);
    expect((await req('PUT', `/chats/${chat.id}`, bia.token, { title: 'X', users: [ana.id] })).json()).toEqual({
      error: 'ERR_NO_PERMISSION',
    });
    expect((await req('DELETE', `/chats/${chat.id}`, bia.token)).statusCode).toBe(403);
    expect((await req('GET', `/chats/${chat.uuid}`, caio.token)).statusCode).toBe(404);
    expect((await req('GET', `/chats/${chat.uuid}`, b.adminToken)).statusCode).toBe(404);
    expect((await req('GET', `/chats/${chat.uuid}`, bia.token)).json().id).toBe(chat.id);
    const renamed = await req('PUT', `/chats/${chat.id}`, ana.token, { title: 'Vendas SP', users: [bia.id] });
    expect(renamed.json().title).toBe('Vendas SP');
    expect((await req('GET', '/chats', noChat.adminToken)).json()).toEqual({ error: 'ERR_PLAN_FEATURE_DISABLED' });
    const other = (await req('POST', '/chats', ana.token, { title: 'Apagar', users: [caio.id] })).json();
    expect((await req('DELETE', `/chats/${other.id}`, ana.token)).statusCode).toBe(204);
    expect((await req('GET', `/chats/${other.id}`, ana.token)).statusCode).toBe(404);
  });

  it('messages: unread counts per member, mark read, pages of 20 oldest first; blank refused', async () => {
    const chat = (await req('POST', '/chats', ana.token, { title: 'Suporte', users: [bia.id, caio.id] })).json();
    expect((await req('POST', `/chats/${chat.id}/messages`, ana.token, { message: '   ' })).statusCode).toBe(400);
    for (let i = 1; i <= 25; i++) {
      const sent = await req('POST', `/chats/${chat.id}/messages`, ana.token, { message: `msg ${i}` });
      expect(sent.statusCode).toBe(201);
    }
    const list = (await req('GET', '/chats', bia.token)).json();
    const mine = list.records.find((c: { id: number }) => c.id === chat.id);
    expect(mine.lastMessage).toBe('msg 25');
    const unreads = Object.fromEntries(
      mine.users.map((u: { user: { name: string }; unreads: number }) => [u.user.name, u.unreads]),
    );
    expect(unreads).toEqual({ Ana: 0, Bia: 25, Caio: 25 });
    const p1 = (await req('GET', `/chats/${chat.id}/messages?pageNumber=1`, bia.token)).json();
    expect(p1.hasMore).toBe(true);
    expect(p1.records.map((m: { message: string }) => m.message)[0]).toBe('msg 6');
    expect(p1.records.at(-1)).toMatchObject({ message: 'msg 25', sender: { id: ana.id, name: 'Ana' } });
    const p2 = (await req('GET', `/chats/${chat.id}/messages?pageNumber=2`, bia.token)).json();
    expect(p2.records.map((m: { message: string }) => m.message)).toEqual(['msg 1', 'msg 2', 'msg 3', 'msg 4', 'msg 5']);
    const read = await req('POST', `/chats/${chat.id}/read`, bia.token, { userId: bia.id });
    expect(read.json().users.find((u: { userId: number }) => u.userId === bia.id).unreads).toBe(0);
    expect(read.json().users.find((u: { userId: number }) => u.userId === caio.id).unreads).toBe(25);
    expect((await req('POST', `/chats/${chat.id}/read`, bia.token, { userId: caio.id })).statusCode).toBe(403);
    expect((await req('GET', `/chats/${chat.id}/messages`, b.adminToken)).statusCode).toBe(404);
  });

  it('the chat events also go as chat-user-{userId} (each member its own) and chat-{chatId}, to the members only (issue 37 item 12)', async () => {
    const sa = recorder(track(await connect(t.url!, a.companyId, ana.token, ana.id)));
    const sb = recorder(track(await connect(t.url!, a.companyId, bia.token, bia.id)));
    const sc = recorder(track(await connect(t.url!, a.companyId, caio.token, caio.id)));
    const chat = (await req('POST', '/chats', ana.token, { title: 'Par', users: [bia.id] })).json();
    await req('POST', `/chats/${chat.id}/messages`, bia.token, { message: 'Olá, Ana' });
    const perChat = `company-${a.companyId}-chat-${chat.id}`;
    await expect
      .poll(() => sa.events.filter((e) => e.event === perChat).map((e) => (e.payload as { action: string }).action))
      .toEqual(['create', 'new-message', 'update']);
    expect(await sa.wait(`company-${a.companyId}-chat-user-${ana.id}`)).toMatchObject({ action: 'create', chatId: chat.id });
    expect(await sb.wait(`company-${a.companyId}-chat-user-${bia.id}`)).toMatchObject({ action: 'create', chatId: chat.id });
    await expect
      .poll(() => sb.events.filter((e) => e.event === perChat).map((e) => (e.payload as { action: string }).action))
      .toEqual(['create', 'new-message', 'update']);
    expect(sb.names()).not.toContain(`company-${a.companyId}-chat-user-${ana.id}`); // another member's name is theirs
    // Caio's own chat reaches him after the pair's events were emitted: what he never got, he will not get.
    const own = (await req('POST', '/chats', caio.token, { title: 'Outra', users: [a.adminId] })).json();
    await sc.wait(`company-${a.companyId}-chat-${own.id}`);
    expect(sc.names().filter((n) => n.includes(`-chat-${chat.id}`) || n.endsWith(`-chat-user-${ana.id}`))).toEqual([]);
  });

  it('events reach only the members: a non-member’s socket hears nothing', async () => {
    const sa = recorder(track(await connect(t.url!, a.companyId, ana.token, ana.id)));
    const sb = recorder(track(await connect(t.url!, a.companyId, bia.token, bia.id)));
    const sc = recorder(track(await connect(t.url!, a.companyId, caio.token, caio.id)));
    const admin = recorder(track(await connect(t.url!, a.companyId, a.adminToken, a.adminId)));
    const chat = (await req('POST', '/chats', ana.token, { title: 'Dupla', users: [bia.id] })).json();
    await req('POST', `/chats/${chat.id}/messages`, bia.token, { message: 'Oi Ana!' });
    const event = `company-${a.companyId}-chat`;
    expect(await sb.wait(event)).toMatchObject({ action: 'create', chatId: chat.id });
    await expect
      .poll(() => sa.events.filter((e) => e.event === event).map((e) => (e.payload as { action: string }).action))
      .toEqual(['create', 'new-message', 'update']);
    expect(sa.events.find((e) => (e.payload as { action: string }).action === 'new-message')?.payload).toMatchObject({
      record: { message: 'Oi Ana!', sender: { name: 'Bia' } },
    });
    await drained(t, a.companyId, sc, admin);
    expect(sc.names()).not.toContain(event);
    expect(admin.names()).not.toContain(event);
  });
});
