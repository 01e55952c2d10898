/**
 * A new contact or ticket is looked up on WhatsApp through the company's connected QR connection (issue 37 item 7):
 * ERR_WAPP_INVALID_CONTACT when WhatsApp does not know the number, ERR_WAPP_CHECK_CONTACT when it cannot be asked;
 * the Cloud API cannot tell, so nothing is refused there. Baileys is a fake socket (its `onWhatsApp`).
 */
import { describe, expect, it } from 'vitest';
import { addConnection } from '../../../test/attendance';
import { bearer } from '../../../test/harness';
import { a, b, conn, newNumber, sock, t, useBaileysApp } from '../../channels/baileys/baileys.testing';
import { contacts, queues } from '../../db/schema';

useBaileysApp({ connected: true });

const post = (url: string, token: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: bearer(token), payload });

async function contactRow(companyId: number, number: string) {
  const [row] = await t.database.db.insert(contacts).values({ companyId, name: 'Sem checagem', number }).returning();
  return row;
}

describe('a new contact is checked on WhatsApp through the QR connection', () => {
  it('a number WhatsApp knows is created; one it does not know answers ERR_WAPP_INVALID_CONTACT', async () => {
    const known = newNumber();
    sock.onWhatsAppNumbers.add(known);
    const ok = await post('/contacts', a.adminToken, { name: 'Conhecida', number: known });
    expect(ok.statusCode, ok.body).toBe(201);

    const unknown = newNumber();
    const refused = await post('/contacts', a.adminToken, { name: 'Desconhecida', number: unknown });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: 'ERR_WAPP_INVALID_CONTACT' });
    expect(sock.lookups.at(-1)).toEqual([`${unknown}@s.whatsapp.net`]);
  });

  it('a lookup that fails answers ERR_WAPP_CHECK_CONTACT and creates nothing', async () => {
    const failing = Object.assign(sock, {
      onWhatsApp: async () => {
        throw new Error('Connection Closed');
      },
    });
    try {
      const res = await post('/contacts', a.adminToken, { name: 'Talvez', number: newNumber() });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'ERR_WAPP_CHECK_CONTACT' });
    } finally {
      delete (failing as { onWhatsApp?: unknown }).onWhatsApp; // back to the class's lookup
    }
  });

  it('a company without a connected QR connection (Cloud API only) is not refused', async () => {
    await addConnection(t, b);
    const res = await post('/contacts', b.adminToken, { name: 'Qualquer', number: newNumber() });
    expect(res.statusCode, res.body).toBe(201);
  });
});

describe('a new ticket is checked through its connection', () => {
  it('on the QR connection an unknown number is refused; on a Cloud API connection it opens', async () => {
    const [q] = await t.database.db
      .insert(queues)
      .values({ companyId: a.companyId, name: 'Geral', color: '#123456' })
      .returning();
    const stranger = await contactRow(a.companyId, newNumber());
    const refused = await post('/tickets', a.adminToken, {
      contactId: stranger.id,
      queueId: q.id,
      whatsappId: conn,
      status: 'open',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: 'ERR_WAPP_INVALID_CONTACT' });

    const cloud = await addConnection(t, a);
    const opened = await post('/tickets', a.adminToken, {
      contactId: stranger.id,
      queueId: q.id,
      whatsappId: cloud.id,
      status: 'open',
    });
    expect(opened.statusCode, opened.body).toBeLessThan(300);

    const friend = newNumber();
    sock.onWhatsAppNumbers.add(friend);
    const known = await contactRow(a.companyId, friend);
    const ok = await post('/tickets', a.adminToken, { contactId: known.id, queueId: q.id, whatsappId: conn, status: 'open' });
    expect(ok.statusCode, ok.body).toBeLessThan(300);
  });
});
