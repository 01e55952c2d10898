/** Tickets (see tickets.test.ts): the close records the attendance it ends with the moments the dashboard reads. */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customerWrites, rows } from '../../../test/attendance';

import { admin, ana, caio, connA, queueA, req, t, useTicketsApp } from './tickets.testing';

useTicketsApp();

interface Tracking {
  user_id: number | null;
  queue_id: number | null;
  from_me: boolean;
  started_at: Date;
  accepted_at: Date | null;
  first_answer_at: Date | null;
  finished_at: Date;
  closed_at: Date;
  rate: number | null;
}

const trackings = (ticketId: number) =>
  rows<Tracking>(
    t,
    sql`SELECT user_id, queue_id, from_me, started_at, accepted_at, first_answer_at, finished_at, closed_at, rate
        FROM ticket_trackings WHERE ticket_id = ${ticketId} ORDER BY id`,
  );
const logAt = async (ticketId: number, type: string) => {
  const [r] = await rows<{ at: Date }>(
    t,
    sql`SELECT created_at AS at FROM ticket_logs WHERE ticket_id = ${ticketId} AND type = ${type} ORDER BY id DESC LIMIT 1`,
  );
  return new Date(r.at).getTime();
};
const ms = (d: Date | null) => (d === null ? null : new Date(d).getTime());

describe('attendance tracking (issue 17)', () => {
  it('create → accept → first answer → close: each moment taken from the log and the messages', async () => {
    const { ticketId } = await customerWrites(t, connA.id);
    expect((await req('PUT', `/tickets/${ticketId}`, ana.token, { status: 'open' })).statusCode).toBe(200);
    // A private note is no answer to the contact.
    await req('POST', `/messages/${ticketId}`, ana.token, { body: 'nota interna', isPrivate: true });
    const sent = await req('POST', `/messages/${ticketId}`, ana.token, { body: 'Olá! Como posso ajudar?' });
    expect(sent.statusCode, sent.body).toBeLessThan(300);
    await req('POST', `/messages/${ticketId}`, ana.token, { body: 'Mais alguma coisa?' });
    expect((await trackings(ticketId)).length).toBe(0);
    const closed = await req('PUT', `/tickets/${ticketId}`, ana.token, { status: 'closed', sendFarewellMessage: false });
    expect(closed.json().status).toBe('closed');

    const [k] = await trackings(ticketId);
    const [firstAnswer] = await rows<{ at: Date }>(
      t,
      sql`SELECT created_at AS at FROM messages WHERE ticket_id = ${ticketId} AND body = 'Olá! Como posso ajudar?'`,
    );
    expect(k).toMatchObject({ user_id: ana.id, queue_id: queueA, from_me: false, rate: null });
    expect(ms(k.started_at)).toBe(await logAt(ticketId, 'create'));
    expect(ms(k.accepted_at)).toBe(await logAt(ticketId, 'open'));
    expect(ms(k.first_answer_at)).toBe(ms(firstAnswer.at));
    expect(ms(k.finished_at)).toBe(ms(k.closed_at));
    expect(ms(k.closed_at)).toBe(
      ms((await rows<{ at: Date }>(t, sql`SELECT closed_at AS at FROM tickets WHERE id = ${ticketId}`))[0].at),
    );
  });

  it('a reopened ticket is a second attendance starting at the reopen; ignoring a waiting ticket records no accept', async () => {
    const { ticketId } = await customerWrites(t, connA.id);
    await req('PUT', `/tickets/${ticketId}`, caio.token, { status: 'open' });
    await req('PUT', `/tickets/${ticketId}`, caio.token, { status: 'closed', sendFarewellMessage: false });
    await req('PUT', `/tickets/${ticketId}`, caio.token, { status: 'pending' });
    expect((await req('PUT', `/tickets/${ticketId}`, caio.token, { status: 'closed' })).json().status).toBe('closed');
    const [first, second] = await trackings(ticketId);
    expect(first.accepted_at).not.toBeNull();
    expect(ms(second.started_at)).toBe(await logAt(ticketId, 'reopen'));
    expect(second).toMatchObject({ accepted_at: null, first_answer_at: null, user_id: null });
  });

  it('close-all records every attendance it ends', async () => {
    const one = await customerWrites(t, connA.id);
    const two = await customerWrites(t, connA.id);
    const res = await req('POST', '/tickets/closeAll', admin.token, { status: 'pending', selectedQueueIds: [queueA] });
    expect(res.statusCode, res.body).toBe(200);
    expect(await trackings(one.ticketId)).toHaveLength(1);
    expect(await trackings(two.ticketId)).toHaveLength(1);
  });
});
