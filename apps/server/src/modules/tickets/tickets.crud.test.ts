/** Tickets (see tickets.test.ts): create, delete, close all; LGPD number masking; the moments panel. */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { companySetting, customerWrites, rows, setUserFlags, ticketEvents, ticketRow } from '../../../test/attendance';

import { a, admin, ana, caio, connA, connB, ids, list, queueA, queueB, req, t, useTicketsApp } from './tickets.testing';

useTicketsApp();

describe('POST /tickets, DELETE, closeAll', () => {
  it('creates an open ticket for the caller; a duplicate answers ERR_OTHER_OPEN_TICKET with who holds it', async () => {
    const { contactId, ticketId } = await customerWrites(t, connA.id, { name: 'Duplicado' });
    await req('PUT', `/tickets/${ticketId}`, ana.token, { status: 'open' });
    const dup = await req('POST', '/tickets', caio.token, { contactId, queueId: queueA, whatsappId: connA.id, status: 'open' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({
      error: 'ERR_OTHER_OPEN_TICKET',
      details: {
        userId: ana.id,
        userName: 'Ana',
        queueName: 'Vendas',
        uuid: (await ticketRow(t, ticketId)).uuid,
        status: 'open',
        ticketId,
      },
    });
    await req('PUT', `/tickets/${ticketId}`, ana.token, { status: 'closed', sendFarewellMessage: false });
    const created = await req('POST', '/tickets', caio.token, {
      contactId,
      queueId: queueA,
      whatsappId: connA.id,
      status: 'open',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ status: 'open', userId: caio.id, queueId: queueA, uuid: expect.any(String) });
    const logs = await rows<{ type: string }>(t, sql`SELECT type FROM ticket_logs WHERE ticket_id = ${created.json().id}`);
    expect(logs.map((l) => l.type)).toEqual(['create']);
  });

  it('requires a queue (validation.selectQueue) and an existing contact', async () => {
    const res = await req('POST', '/tickets', ana.token, { contactId: 1 });
    expect(res.json()).toEqual({ error: 'ERR_VALIDATION', fields: [{ path: 'queueId', message: 'validation.selectQueue' }] });
    const missing = await req('POST', '/tickets', ana.token, { contactId: 999999, queueId: queueA });
    expect(missing.json()).toEqual({ error: 'ERR_NO_CONTACT_FOUND' });
  });

  it('delete is for admins; the rooms hear it', async () => {
    const { ticketId } = await customerWrites(t, connA.id);
    expect((await req('DELETE', `/tickets/${ticketId}`, caio.token)).statusCode).toBe(403);
    const mark = t.realtime.events.length;
    expect((await req('DELETE', `/tickets/${ticketId}`, admin.token)).statusCode).toBe(204);
    expect(ticketEvents(t, mark)).toContainEqual(
      expect.objectContaining({ payload: { action: 'delete', ticketId }, to: expect.arrayContaining([`queue:${queueA}`]) }),
    );
    expect(await ticketRow(t, ticketId)).toBeUndefined();
  });

  it('closeAll closes the chosen status in the chosen queues, admins only', async () => {
    const one = await customerWrites(t, connB.id);
    expect((await req('POST', '/tickets/closeAll', caio.token, { status: 'pending' })).statusCode).toBe(403);
    const res = await req('POST', '/tickets/closeAll', admin.token, { status: 'pending', selectedQueueIds: [queueB] });
    expect(res.statusCode).toBe(200);
    expect(res.json().closed).toBeGreaterThanOrEqual(1);
    expect((await ticketRow(t, one.ticketId)).status).toBe('closed');
    expect(
      ids(await list(admin.token, { status: 'pending', queueIds: JSON.stringify([queueB]) })).filter((id) => id === one.ticketId),
    ).toEqual([]);
  });
});

describe('LGPD number masking (seed 000 §5)', () => {
  it('profile user sees masked numbers when enableLGPD and lgpdHideNumber are on; admins and groups do not', async () => {
    const { ticketId } = await customerWrites(t, connA.id, { from: '5511987654321', name: 'Privado' });
    const uuid = (await ticketRow(t, ticketId)).uuid;
    const numberSeenBy = async (token: string) => (await req('GET', `/tickets/u/${uuid}`, token)).json().contact.number;
    expect(await numberSeenBy(ana.token)).toBe('5511987654321');
    await companySetting(t, a, 'enableLGPD', 'enabled');
    await companySetting(t, a, 'lgpdHideNumber', 'enabled');
    expect(await numberSeenBy(ana.token)).toBe('5511*******21');
    expect(await numberSeenBy(admin.token)).toBe('5511987654321');
    const inList = (await list(ana.token, { status: 'pending' })).tickets.find((x) => x.id === ticketId);
    expect(inList?.contact.number).toBe('5511*******21');
    const mark = t.realtime.events.length;
    await req('PUT', `/tickets/${ticketId}`, ana.token, { useIntegration: true });
    const evt = ticketEvents(t, mark)[0].payload as { ticket: { contact: { number: string } } };
    expect(evt.ticket.contact.number).toBe('5511*******21');
    const g = await customerWrites(t, connA.id, { group: { id: '120363000000000009@g.us', name: 'Grupo LGPD' } });
    const groupNumber = (await req('GET', `/tickets/u/${(await ticketRow(t, g.ticketId)).uuid}`, caio.token)).json().contact
      .number;
    expect(groupNumber).toBe('120363000000000009@g.us');
    await companySetting(t, a, 'lgpdHideNumber', 'disabled');
    await companySetting(t, a, 'enableLGPD', 'disabled');
  });
});

describe('moments', () => {
  it('the panel needs admin, allowRealTime or showDashboard', async () => {
    expect((await req('GET', '/dashboard/moments', ana.token)).statusCode).toBe(403);
    expect((await req('GET', '/usersMoments', ana.token)).statusCode).toBe(403);
    const res = await req('GET', '/usersMoments', admin.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().every((x: { status: string }) => ['open', 'pending', 'group'].includes(x.status))).toBe(true);
    await setUserFlags(t, ana.id, { allowRealTime: 'enabled' });
    const own = await req('GET', '/dashboard/moments?status=open', ana.token);
    expect(own.statusCode).toBe(200);
    expect(own.json().every((x: { userId: number }) => x.userId === ana.id)).toBe(true);
    await setUserFlags(t, ana.id, { allowRealTime: 'disabled' });
  });
});
