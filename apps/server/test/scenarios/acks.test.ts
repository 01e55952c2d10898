/**
 * Scenario (issue 31 item 9): acks never stick. Meta's status webhooks may come in any order and may overtake the
 * send's own answer (the message id not stored yet) — with or without the send's `biz_opaque_callback_data` echoed.
 * Whatever the order, every message ends at the highest status the channel reported.
 */
import type { CloudStatusName, SentMessage } from '@atendo/graph-standin';
import { envelope, signBody, status } from '@atendo/graph-standin';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { bearer } from '../harness';
import { query } from '../messaging';
import { useDay } from './day';

const day = useDay();

/** A fixed shuffle per message: the read first, the sent last, … — never the channel's own order. */
const ORDERS: CloudStatusName[][] = [
  ['read', 'sent', 'delivered'],
  ['delivered', 'read', 'sent'],
  ['read', 'delivered', 'sent'],
  ['sent', 'read', 'delivered'],
];

afterEach(() => {
  day().standin.beforeAnswer = undefined;
});

async function acksOf(ticketId: number) {
  const rows = await query<{ ack: number; external_id: string | null }>(
    day().t,
    sql`SELECT ack, external_id FROM messages WHERE ticket_id = ${ticketId} AND from_me ORDER BY id`,
  );
  return rows.map((r) => Number(r.ack));
}

describe('acks', () => {
  for (const echo of [true, false]) {
    it(`statuses shuffled and before the send's answer (${echo ? 'with' : 'without'} the reference echoed) end at read`, async () => {
      const d = day();
      const q = await d.queue(`Acks ${echo}`);
      const conn = await d.connection({ queueIds: [q], greetingMessage: 'Bem-vindo!' });
      let n = 0;
      d.standin.beforeAnswer = async (sent: SentMessage) => {
        if (sent.phoneNumberId !== conn.phoneNumberId) return;
        for (const name of ORDERS[n++ % ORDERS.length]) {
          const payload = envelope(
            { phoneNumberId: conn.phoneNumberId },
            { statuses: [status(name, { id: sent.wamid, recipient: sent.to, reference: echo ? sent.reference : undefined })] },
          );
          // posted as Meta would, while the product still waits for the send's answer (no settling here)
          const body = JSON.stringify(payload);
          const res = await d.t.app.inject({
            method: 'POST',
            url: `/webhooks/whatsappapi/${conn.id}`,
            headers: { 'content-type': 'application/json', 'x-hub-signature-256': signBody(body, conn.appSecret) },
            payload: body,
          });
          expect(res.statusCode).toBe(200);
        }
      };
      const lia = d.customer(conn, 'Lia');
      await lia.says('Oi');
      const ticket = await lia.ticket();
      const agent = await d.attendant([q], 'Marta');
      await d.api('PUT', `/tickets/${ticket.id}`, { status: 'open', userId: agent.id, queueId: q }, agent.token);
      for (const body of ['Olá, Lia!', 'Como posso ajudar?', 'Um momento.']) {
        const res = await d.t.app.inject({
          method: 'POST',
          url: `/messages/${ticket.id}`,
          headers: bearer(agent.token),
          payload: { body, fromMe: true, read: true },
        });
        expect(res.statusCode, res.body).toBeLessThan(300);
      }
      await d.flush();
      expect(lia.texts()).toEqual(['Bem-vindo!', 'Olá, Lia!', 'Como posso ajudar?', 'Um momento.']);
      expect(await acksOf(ticket.id)).toEqual([3, 3, 3, 3]);
      // nothing left waiting for a send
      const [left] = await query<{ n: number }>(
        d.t,
        sql`SELECT count(*)::int AS n FROM message_early_statuses WHERE whatsapp_id = ${conn.id}`,
      );
      expect(left.n).toBe(0);
    });
  }
});
