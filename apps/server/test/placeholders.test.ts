/**
 * Issue 16 item 4: the attendant's text gets the automatic texts' placeholders filled — a quick message
 * "Olá {{name}}" reaches the customer as "Olá Ana Souza", never as the literal "{{name}}".
 */
import { formatTemplate } from '@atendo/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addConnection, addQueue, addUser, customerWrites, type TestUser } from './attendance';
import { appWithCompanies, bearer, multipart, PNG_1PX, type Tenant, type TestContext } from './harness';

let t: TestContext;
let a: Tenant;
let bia: TestUser;
let ticketId: number;

beforeAll(async () => {
  [t, a] = await appWithCompanies(1);
  const queueId = await addQueue(t, a, 'Suporte');
  bia = await addUser(t, a, { name: 'Bia Atendente', queueIds: [queueId] });
  const conn = await addConnection(t, a, { name: 'Loja', queueIds: [queueId] });
  ({ ticketId } = await customerWrites(t, conn.id, { name: 'Ana Souza' }));
  const accepted = await t.app.inject({
    method: 'PUT',
    url: `/tickets/${ticketId}`,
    headers: bearer(bia.token),
    payload: { status: 'open', userId: bia.id },
  });
  expect(accepted.statusCode, accepted.body).toBe(200);
}, 60_000);
afterAll(async () => t?.close());

const send = (payload: object) =>
  t.app.inject({ method: 'POST', url: `/messages/${ticketId}`, headers: bearer(bia.token), payload });

describe("the attendant's text", () => {
  it('fills name, first name, attendant, queue, connection, protocol, greeting and date', async () => {
    const res = await send({
      body: 'Olá {{name}} ({{firstName}}), {{ms}}! Sou {{userName}} da {{queue}} ({{connection}}). Protocolo {{protocol}} em {{date}}.',
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    const body: string = res.json().body;
    expect(body).not.toContain('{{');
    expect(body).toMatch(/^Olá Ana Souza \(Ana\), (Bom dia|Boa tarde|Boa noite)! Sou Bia Atendente da Suporte \(Loja\)\. /);
    expect(body).toMatch(new RegExp(`Protocolo \\d{8}${ticketId} em \\d{2}/\\d{2}/\\d{4}\\.$`));
    // the same filler as the automatic texts (and the composer's preview)
    expect(body).toBe(
      formatTemplate(
        'Olá {{name}} ({{firstName}}), {{ms}}! Sou {{userName}} da {{queue}} ({{connection}}). Protocolo {{protocol}} em {{date}}.',
        {
          contactName: 'Ana Souza',
          userName: 'Bia Atendente',
          queueName: 'Suporte',
          connectionName: 'Loja',
          ticketId,
          timezone: 'America/Sao_Paulo',
        },
      ),
    );
  });

  it('fills a caption sent with a file, and leaves unknown placeholders and private notes as written', async () => {
    const form = multipart([
      { name: 'medias', data: PNG_1PX, filename: 'a.png', contentType: 'image/png' },
      { name: 'body', data: 'Segue, {{firstName}} {{unknown}}' },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: `/messages/${ticketId}`,
      headers: { ...bearer(bia.token), ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    expect(res.json().body).toBe('Segue, Ana {{unknown}}');
    const note = await send({ body: 'Nota sobre {{name}}', isPrivate: true });
    expect(note.json().body).toBe('Nota sobre {{name}}');
  });
});
