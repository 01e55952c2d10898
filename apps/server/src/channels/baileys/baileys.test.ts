import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { bearer, createTenant, createTestApp } from '../../../test/harness';
import { query } from '../../../test/messaging';
import {
  a,
  b,
  baileys,
  conn,
  connect,
  createQrConnection,
  emitAndSettle,
  fake,
  sessionEvents,
  setSock,
  settle,
  sock,
  t,
  useBaileysApp,
} from './baileys.testing';
import { fakeSocketFactory } from './testing';

useBaileysApp();

describe('session lifecycle', () => {
  it('a new connection starts, pushes its QR on whatsappSession, pairs and connects', async () => {
    await baileys.manager.tick();
    expect(baileys.manager.owns(conn)).toBe(true);
    setSock(fake.last(conn)!);
    expect(sock).toBeDefined();
    await settle();
    expect(sessionEvents().at(-1)?.payload.session).toMatchObject({ id: conn, status: 'OPENING' });

    const qr = sock.qr();
    await settle();
    const shown = sessionEvents().at(-1)!;
    expect(shown.payload).toMatchObject({ action: 'update', session: { id: conn, status: 'qrcode', qrcode: qr, retries: 1 } });
    expect(t.realtime.events.find((e) => e.event === 'whatsappSession')?.companyId).toBe(a.companyId);

    await emitAndSettle(() => sock.paired());
    expect(sessionEvents().at(-1)?.payload.session).toMatchObject({ status: 'PAIRING', qrcode: '' });
    await emitAndSettle(() => sock.open('5511933334444'));
    expect(sessionEvents().at(-1)?.payload.session).toMatchObject({ status: 'CONNECTED', qrcode: '' });
    const [row] = await query<{ status: string; number: string; qrcode: string }>(
      t,
      sql`SELECT status, number, qrcode FROM whatsapps WHERE id = ${conn}`,
    );
    expect(row).toEqual({ status: 'CONNECTED', number: '5511933334444', qrcode: '' });
  });

  it('credentials are saved in the database on creds.update', async () => {
    sock.emit('creds.update', { registered: true });
    await settle();
    const rows = await query<{ type: string }>(t, sql`SELECT type FROM baileys_auth WHERE whatsapp_id = ${conn}`);
    expect(rows.map((r) => r.type)).toContain('creds');
  });

  it('a lost connection reconnects with back-off (TIMEOUT, retries) and keeps the pairing', async () => {
    const before = fake.sockets.length;
    baileys.manager.opts.backoffBaseMs = 10;
    await emitAndSettle(() => sock.close(408));
    expect(sessionEvents().at(-1)?.payload.session).toMatchObject({ status: 'TIMEOUT', retries: 1 });
    await vi.waitFor(() => expect(fake.sockets.length).toBe(before + 1)); // the back-off timer (10 ms) dials again
    await settle();
    setSock(fake.last(conn)!);
    await emitAndSettle(() => sock.open('5511933334444'));
    expect(sessionEvents().at(-1)?.payload.session).toMatchObject({ status: 'CONNECTED', retries: 0 });
  });
});

describe('session routes', () => {
  it('PUT /whatsappsession/:id forgets the pairing and shows a new QR; POST retries keeping it', async () => {
    const id = await createQrConnection(b);
    const s1 = await connect(id);
    await t.database.db.execute(sql`
      INSERT INTO baileys_auth (whatsapp_id, company_id, type, key, value) VALUES (${id}, ${b.companyId}, 'session', 'x', '"y"')`);
    const retry = await t.app.inject({ method: 'POST', url: `/whatsappsession/${id}`, headers: bearer(b.adminToken) });
    expect(retry.statusCode).toBe(200);
    expect(s1.ended && !s1.loggedOut).toBe(true);
    const [{ n: kept }] = await query<{ n: number }>(
      t,
      sql`SELECT count(*)::int AS n FROM baileys_auth WHERE whatsapp_id = ${id}`,
    );
    expect(kept).toBeGreaterThan(0);

    const s2 = fake.last(id)!;
    expect(s2).not.toBe(s1);
    const newQr = await t.app.inject({ method: 'PUT', url: `/whatsappsession/${id}`, headers: bearer(b.adminToken) });
    expect(newQr.statusCode).toBe(200);
    const [{ n: left }] = await query<{ n: number }>(
      t,
      sql`SELECT count(*)::int AS n FROM baileys_auth WHERE whatsapp_id = ${id}`,
    );
    expect(left).toBe(0);
    const s3 = fake.last(id)!;
    expect(s3).not.toBe(s2);
    s3.qr('2@new-qr');
    await settle(id);
    expect(sessionEvents().at(-1)?.payload.session).toMatchObject({ id, status: 'qrcode', qrcode: '2@new-qr' });
  });

  it('DELETE /whatsappsession/:id logs out and stays DISCONNECTED; another company gets 404', async () => {
    const id = await createQrConnection(b);
    const s = await connect(id);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/whatsappsession/${id}`, headers: bearer(a.adminToken) })).statusCode,
    ).toBe(404);
    const res = await t.app.inject({ method: 'DELETE', url: `/whatsappsession/${id}`, headers: bearer(b.adminToken) });
    expect(res.statusCode).toBe(200);
    expect(s.loggedOut).toBe(true);
    expect(baileys.manager.owns(id)).toBe(false);
    const [row] = await query<{ status: string; qrcode: string }>(t, sql`SELECT status, qrcode FROM whatsapps WHERE id = ${id}`);
    expect(row).toEqual({ status: 'DISCONNECTED', qrcode: '' });
    await baileys.manager.tick();
    expect(baileys.manager.owns(id)).toBe(false); // not restarted behind the admin's back
    // The plain user (no connections permission) may not act on sessions.
    expect((await t.app.inject({ method: 'POST', url: `/whatsappsession/${id}`, headers: bearer(b.userToken) })).statusCode).toBe(
      403,
    );
    // The admin route is for super users only.
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/whatsappsession/admin/${id}`, headers: bearer(b.adminToken) })).statusCode,
    ).toBe(403);
  });

  it('a logged-out session (401 from WhatsApp) forgets its pairing and stops', async () => {
    const id = await createQrConnection(b);
    const s = await connect(id);
    s.close(401);
    await settle(id);
    expect(baileys.manager.owns(id)).toBe(false);
    const [row] = await query<{ status: string }>(t, sql`SELECT status FROM whatsapps WHERE id = ${id}`);
    expect(row.status).toBe('DISCONNECTED');
  });

  it('deleting a connection logs its socket out on the owner’s next renewal', async () => {
    const id = await createQrConnection(b);
    const s = await connect(id);
    expect((await t.app.inject({ method: 'DELETE', url: `/whatsapp/${id}`, headers: bearer(b.adminToken) })).statusCode).toBe(
      200,
    );
    await baileys.manager.tick();
    expect(baileys.manager.owns(id)).toBe(false);
    expect(s.loggedOut).toBe(true);
  });

  it('POST /whatsapp-restart/ restarts every QR connection of the company', async () => {
    const id = await createQrConnection(b);
    await connect(id);
    const before = fake.sockets.length;
    const res = await t.app.inject({ method: 'POST', url: '/whatsapp-restart/', headers: bearer(b.adminToken) });
    expect(res.statusCode).toBe(200);
    expect(fake.sockets.length).toBeGreaterThan(before);
    expect(fake.sockets.slice(before).every((s) => s.opts.connectionId !== conn)).toBe(true); // company A untouched
  });
});

describe('shutdown', () => {
  it('closes every socket without logging out and releases the leases', async () => {
    const t2 = await createTestApp({ shareWith: t });
    const f2 = fakeSocketFactory();
    t2.app.baileys!.manager.useSocketFactory(f2.factory);
    const tenant = await createTenant(t2);
    const id = await (async () => {
      const res = await t2.app.inject({
        method: 'POST',
        url: '/whatsapp',
        headers: bearer(tenant.adminToken),
        payload: { name: 'Shutdown', channel: 'whatsapp' },
      });
      return res.json().id as number;
    })();
    await t2.app.baileys!.manager.tick();
    const s = f2.last(id)!;
    expect(s).toBeDefined();
    await t2.close();
    expect(s.ended).toBe(true);
    expect(s.loggedOut).toBe(false);
    const [lease] = await query<{ owner: string | null }>(t, sql`SELECT owner FROM baileys_sessions WHERE whatsapp_id = ${id}`);
    expect(lease.owner).toBeNull();
  });
});
