/**
 * Who hears an incoming message (issue 15 item 1): the one audience rule (tickets.audience) through the real
 * inbound paths and real sockets — a group ticket reaches no user without allowGroup; with LGPD number hiding on,
 * no event a profile user's socket receives carries the customer's full number.
 */
import { inbound } from '@atendo/graph-standin';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addConnection, addQueue, addUser, companySetting, type TestUser } from '../../../test/attendance';
import { bearer, createTenant, createTestApp, type Tenant, type TestContext } from '../../../test/harness';
import { deliver } from '../../../test/messaging';
import { connect, drained, recorder } from '../../../test/socket-client';
import { content, fakeSocketFactory, lidJid, pnJid, waMessage } from '../../channels/baileys/testing';

let t: TestContext;
let a: Tenant;
let queue: number;
const sockets: Socket[] = [];
const fake = fakeSocketFactory();
let seq = 0;
const newNumber = () => `55119${String(Date.now()).slice(-5)}${String(++seq).padStart(3, '0')}`;

const open = async (u: TestUser) => {
  const s = await connect(t.url!, a.companyId, u.token, u.id);
  sockets.push(s);
  return recorder(s);
};
type Recorded = ReturnType<typeof recorder>;
/** Every ticket id an event the socket received refers to. */
const ticketIdsHeard = (r: Recorded) =>
  r.events.map((e) => {
    const p = e.payload as { ticket?: { id: number }; ticketId?: number; message?: { ticketId: number } };
    return p.ticket?.id ?? p.ticketId ?? p.message?.ticketId;
  });

beforeAll(async () => {
  t = await createTestApp({ socket: {} });
  t.app.baileys!.manager.useSocketFactory(fake.factory);
  a = await createTenant(t);
  queue = await addQueue(t, a, 'Atendimento');
});
afterEach(() => {
  for (const s of sockets.splice(0)) s.disconnect();
});
afterAll(async () => t?.close());

describe('the audience of an incoming message', () => {
  it('a group ticket reaches no socket of a user without allowGroup (Baileys group message → ingest)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/whatsapp',
      headers: bearer(a.adminToken),
      payload: { name: 'QR grupos', channel: 'whatsapp', queueIds: [queue], allowGroup: true, groupAsTicket: 'enabled' },
    });
    expect(res.statusCode).toBe(201);
    const conn = res.json().id as number;
    const manager = t.app.baileys!.manager;
    await manager.tick();
    const sock = fake.last(conn)!;
    sock.qr();
    sock.paired();
    sock.open();
    await manager.session(conn)!.idle();

    const plain = await addUser(t, a, { queueIds: [queue], name: 'Sem grupos' });
    const grouped = await addUser(t, a, { queueIds: [queue], flags: ['allowGroup'], name: 'Com grupos' });
    const [rPlain, rGrouped] = [await open(plain), await open(grouped)];

    const participant = newNumber();
    sock.emit('groups.upsert', [{ id: '120363027777777777@g.us', subject: 'Clientes', participants: [] } as never]);
    sock.upsert([
      waMessage(
        {
          chat: '120363027777777777@g.us',
          participant: lidJid(`4${participant.slice(-12)}11`),
          participantAlt: pnJid(participant),
          pushName: 'Zé',
          id: `AUD-G-${participant}`,
        },
        content.text('oi grupo'),
      ),
    ]);
    await manager.session(conn)!.idle();

    const event = await rGrouped.wait(`company-${a.companyId}-appMessage`);
    const ticketId = (event as { ticket: { id: number; isGroup: boolean } }).ticket.id;
    expect((event as { ticket: { isGroup: boolean } }).ticket.isGroup).toBe(true);
    await drained(t, a.companyId, rPlain);
    expect(ticketIdsHeard(rPlain)).not.toContain(ticketId);
    expect(rPlain.events.filter((e) => e.event.endsWith('-contact'))).toEqual([]);
  });

  it('with LGPD number hiding on, no event to a profile user carries the full number (Cloud API webhook)', async () => {
    const conn = await addConnection(t, a, { queueIds: [queue] });
    await companySetting(t, a, 'enableLGPD', 'enabled');
    await companySetting(t, a, 'lgpdHideNumber', 'enabled');
    const attendant = await addUser(t, a, { queueIds: [queue], name: 'Perfil' });
    const admin = await addUser(t, a, { profile: 'admin', queueIds: [queue], name: 'Admin' });
    const [rAttendant, rAdmin] = [await open(attendant), await open(admin)];

    const from = newNumber();
    expect(
      (await deliver(t, conn, [inbound.text({ from, body: 'meu número é segredo' })], [{ waId: from, name: 'Rita' }])).statusCode,
    ).toBe(200);
    const event = (await rAttendant.wait(`company-${a.companyId}-appMessage`)) as { ticket: { id: number } };
    const ticketId = event.ticket.id;
    // The attendant takes the ticket and answers: the outbound path publishes too.
    await t.app.inject({
      method: 'PUT',
      url: `/tickets/${ticketId}`,
      headers: bearer(attendant.token),
      payload: { status: 'open' },
    });
    await t.app.inject({
      method: 'POST',
      url: `/messages/${ticketId}`,
      headers: bearer(attendant.token),
      payload: { body: 'Olá!' },
    });
    // A second message of the customer, into the live ticket (the one-statement path).
    await deliver(t, conn, [inbound.text({ from, body: 'ainda aqui' })], [{ waId: from, name: 'Rita' }]);
    await drained(t, a.companyId, rAttendant, rAdmin);

    const heard = rAttendant.events.filter((e) => /-(contact|ticket|appMessage)$/.test(e.event));
    expect(heard.map((e) => e.event)).toEqual(
      expect.arrayContaining([
        `company-${a.companyId}-contact`,
        `company-${a.companyId}-ticket`,
        `company-${a.companyId}-appMessage`,
      ]),
    );
    for (const e of rAttendant.events) expect(JSON.stringify(e.payload)).not.toContain(from);
    // The masked number is what they see (seed 000 §5: country and area code, the last 2 digits).
    expect(JSON.stringify(heard.map((e) => e.payload))).toContain(
      `${from.slice(0, 4)}${'*'.repeat(from.length - 6)}${from.slice(-2)}`,
    );
    // The rule is one for the rooms: the admin's socket hears the same masked events.
    expect(rAdmin.events.length).toBeGreaterThan(0);
    for (const e of rAdmin.events) expect(JSON.stringify(e.payload)).not.toContain(from);
  });
});
