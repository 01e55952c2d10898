/**
 * Scenario (issue 31 item 6): every text a customer receives fills its placeholders the same way — a schedule
 * "Oi {{firstName}}, lembrete…" arrived literally — and a text with a placeholder nobody fills is refused when it is
 * saved, never sent raw ("aqui é {{user}}!").
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sendDueSchedulesJob } from '../../src/modules/schedules/schedules.jobs';
import { bearer } from '../harness';
import { query } from '../messaging';
import { useDay } from './day';

const day = useDay();

describe('placeholders', () => {
  it('a schedule and a campaign fill {{firstName}} / {{name}} like the attendant’s texts', async () => {
    const d = day();
    const q = await d.queue('Agenda');
    const conn = await d.connection({ queueIds: [q], greetingMessage: 'Olá!' });
    const paula = d.customer(conn, 'Paula Reis');
    await paula.says('Oi');
    const [contact] = await query<{ id: number }>(
      d.t,
      sql`SELECT id FROM contacts WHERE company_id = ${d.tenant.companyId} AND number = ${paula.number}`,
    );
    await d.api('POST', '/schedules', {
      body: 'Oi {{firstName}}, lembrete da sua consulta ({{name}}).',
      sendAt: new Date(Date.now() + 60_000).toISOString(),
      contactIds: [contact.id],
      whatsappId: conn.id,
    });
    await d.t.database.db.execute(
      sql`UPDATE schedules SET send_at = now() - interval '1 second' WHERE company_id = ${d.tenant.companyId}`,
    );
    await d.t.deps.jobs.runNow(sendDueSchedulesJob, {});
    await d.flush();
    await d.campaign(conn, [paula], { message1: 'Oferta para {nome}: {{firstName}}, 10% hoje!' });
    expect(paula.texts()).toEqual([
      'Olá!',
      'Oi Paula, lembrete da sua consulta (Paula Reis).',
      'Oferta para Paula Reis: Paula, 10% hoje!',
    ]);
  });

  it('an unknown placeholder is refused when the text is saved', async () => {
    const d = day();
    const q = await d.queue('Recusa');
    const conn = await d.connection({ queueIds: [q] });
    const post = (url: string, payload: unknown) =>
      d.t.app.inject({ method: 'POST', url, headers: bearer(d.tenant.adminToken), payload: payload as never });
    const refused = (res: { statusCode: number; json(): { error: string; fields?: { path: string; message: string }[] } }) => {
      expect(res.statusCode).toBe(400);
      return res.json().fields?.map((f) => `${f.path}:${f.message}`);
    };
    expect(
      refused(
        await post('/schedules', {
          body: 'aqui é {{user}}!',
          sendAt: new Date(Date.now() + 60_000).toISOString(),
          contactIds: [1],
        }),
      ),
    ).toContain('body:validation.unknownPlaceholder');
    expect(refused(await post('/quick-messages', { shortcode: 'oi', message: 'aqui é {{user}}!' }))).toContain(
      'message:validation.unknownPlaceholder',
    );
    expect(refused(await post('/queue', { name: 'Outra', color: '#123456', greetingMessage: 'Oi {{nome}}' }))).toContain(
      'greetingMessage:validation.unknownPlaceholder',
    );
    expect(
      refused(await post('/campaigns', { name: 'X', whatsappId: conn.id, message1: 'Oi {nome}, aqui é {{user}}' })),
    ).toContain('message1:validation.unknownPlaceholder');
    // the known ones are accepted
    expect((await post('/quick-messages', { shortcode: 'ola', message: 'Olá {{firstName}}, {{ms}}!' })).statusCode).toBe(201);
  });
});
