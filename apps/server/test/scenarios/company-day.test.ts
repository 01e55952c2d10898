/**
 * Scenario (issue 31 item 14): one company's day. A customer writes, reads the queue menu, chooses; an attendant
 * accepts (greeting on accept), answers with a quick reply that carries a file — sent as the composer does, the file as
 * multipart `medias` and the filled text as its `body` — and transfers to another queue and attendant (transfer
 * message); the second attendant closes with ratings on, the customer answers the NPS and is thanked. The customer's
 * messages, in order, and the rating stored with the attendant and queue that closed.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer } from '../harness';
import { query } from '../messaging';
import { useDay } from './day';

const day = useDay();

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** A multipart body built by hand: files under their field names, then text fields. */
function multipart(files: { field: string; name: string; type: string; data: Buffer }[], fields: [string, string][]) {
  const boundary = '----atendo-dia';
  const parts: Buffer[] = [];
  for (const f of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.name}"\r\nContent-Type: ${f.type}\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    );
  }
  for (const [k, v] of fields)
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

describe("one company's day", () => {
  it('menu, accept, quick reply with a file, transfer, close with rating: what the customer read, and the rating', async () => {
    const d = day();
    await d.setting('userRating', 'enabled');
    // the text first: a switch is refused while its text is empty
    await d.setting('greetingAcceptedMessage', 'Olá {{firstName}}, sou {{userName}} e vou te atender.');
    await d.setting('sendGreetingAccepted', 'enabled');
    await d.setting('transferMessage', 'Você foi transferido para {{queue}}.');
    await d.setting('sendMsgTransfTicket', 'enabled');
    const vendas = await d.queue('Vendas', { greetingMessage: 'Você está em Vendas.' });
    const suporte = await d.queue('Suporte', { greetingMessage: 'Você está no Suporte.' });
    const conn = await d.connection({
      queueIds: [vendas, suporte],
      greetingMessage: 'Bem-vindo à Loja! Escolha:',
      ratingMessage: 'Como foi o atendimento? Responda de 0 a 10',
      expiresTicketNPS: 30,
      complationMessage: 'Obrigado pelo contato!',
    });
    const ana = await d.attendant([vendas], 'Ana');
    const bia = await d.attendant([suporte], 'Bia');
    const quick = await d.api<{ id: number }>('POST', '/quick-messages', {
      shortcode: 'catalogo',
      message: 'Segue o catálogo, {{firstName}}!',
      geral: true,
    });
    const upload = multipart(
      [{ field: 'file', name: 'catalogo.png', type: 'image/png', data: PNG }],
      [['typeArch', 'quickMessage']],
    );
    const uploaded = await d.t.app.inject({
      method: 'POST',
      url: `/quick-messages/${quick.id}/media-upload`,
      headers: { ...bearer(d.tenant.adminToken), 'content-type': upload.contentType },
      payload: upload.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);

    const caio = d.customer(conn, 'Caio Prado');
    await caio.says('Oi');
    await caio.says('2');
    const ticket = await caio.ticket();
    expect(ticket).toMatchObject({ status: 'pending', queueId: vendas, userId: null, isBot: false });

    const as = (token: string) => (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) =>
      d.api(method, url, body, token);
    await as(ana.token)('PUT', `/tickets/${ticket.id}`, { status: 'open', queueId: vendas });
    await d.flush();

    // the composer's '/' picker: the quick message, its file fetched, then both sent as one multipart message
    const [picked] = await d.api<{ message: string; mediaUrl: string | null; mediaName: string | null }[]>(
      'GET',
      '/quick-messages/list?searchParam=catalogo',
      undefined,
      ana.token,
    );
    expect(picked).toMatchObject({ message: 'Segue o catálogo, {{firstName}}!', mediaName: 'catalogo.png' });
    const file = await d.t.app.inject({
      method: 'GET',
      url: new URL(picked.mediaUrl!, 'http://x').pathname,
      headers: bearer(ana.token),
    });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PNG)).toBe(true);
    const composed = multipart(
      [{ field: 'medias', name: picked.mediaName!, type: 'image/png', data: file.rawPayload }],
      [['body', 'Segue o catálogo, Caio!']],
    );
    const sent = await d.t.app.inject({
      method: 'POST',
      url: `/messages/${ticket.id}`,
      headers: { ...bearer(ana.token), 'content-type': composed.contentType },
      payload: composed.payload,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    await d.flush();

    await as(ana.token)('PUT', `/tickets/${ticket.id}`, { isTransfered: true, userId: bia.id, queueId: suporte, status: 'open' });
    await d.flush();
    expect(await caio.ticket()).toMatchObject({ id: ticket.id, status: 'open', queueId: suporte, userId: bia.id });

    await as(bia.token)('PUT', `/tickets/${ticket.id}`, { status: 'closed', userId: bia.id });
    await d.flush();
    expect((await caio.ticket()).status).toBe('nps');
    await caio.says('9');

    expect(caio.received().map((m) => [m.type, m.text])).toEqual([
      ['text', 'Bem-vindo à Loja! Escolha:\n\n*1* - Suporte\n*2* - Vendas'],
      ['text', 'Você está em Vendas.'],
      ['text', 'Olá Caio, sou Ana e vou te atender.'],
      ['image', '[image] Segue o catálogo, Caio!'],
      ['text', 'Você foi transferido para Suporte.'],
      ['text', 'Como foi o atendimento? Responda de 0 a 10'],
      ['text', 'Obrigado pelo contato!'],
    ]);
    expect(await caio.ticket()).toMatchObject({ id: ticket.id, status: 'closed' });
    const ratings = await query<{ rate: number; user_id: number; queue_id: number }>(
      d.t,
      sql`SELECT rate, user_id, queue_id FROM user_ratings WHERE ticket_id = ${ticket.id}`,
    );
    expect(ratings).toEqual([{ rate: 9, user_id: bia.id, queue_id: suporte }]);
  });
});
