import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTenant, createTestApp, type Tenant, type TestContext } from '../../../test/harness';

let t: TestContext;
let a: Tenant;
let b: Tenant;
beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t);
  b = await createTenant(t, { planFlags: { queues: 2 } });
});
afterAll(async () => t?.close());

const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: bearer(token), payload: payload as never });

describe('queues', () => {
  let salesId: number;

  it('creates a queue with the default service hours and publishes it', async () => {
    t.realtime.events.length = 0;
    const res = await req('POST', '/queue', a.adminToken, { name: 'Vendas', color: '#FF0000' });
    expect(res.statusCode).toBe(201);
    const q = res.json();
    salesId = q.id;
    expect(q.schedules).toHaveLength(7);
    expect(q.schedules[0]).toMatchObject({
      weekdayEn: 'monday',
      startTimeA: '08:00',
      endTimeA: '12:00',
      startTimeB: '13:00',
      endTimeB: '18:00',
    });
    expect(t.realtime.events).toContainEqual(
      expect.objectContaining({ companyId: a.companyId, event: 'queue', payload: expect.objectContaining({ action: 'create' }) }),
    );
  });

  it('validates name and colour with the seed rules', async () => {
    const res = await req('POST', '/queue', a.adminToken, { name: 'V', color: '#1' });
    expect(res.statusCode).toBe(400);
    const fields = Object.fromEntries(res.json().fields.map((f: { path: string; message: string }) => [f.path, f.message]));
    expect(fields).toEqual({ name: 'validation.tooShort', color: 'validation.tooShort' });
    const long = await req('POST', '/queue', a.adminToken, { name: 'x'.repeat(51), color: '#1234567890' });
    expect(long.json().fields.map((f: { message: string }) => f.message)).toEqual(['validation.tooLong', 'validation.tooLong']);
  });

  it('refuses a colour already used (any case) with its code', async () => {
    const res = await req('POST', '/queue', a.adminToken, { name: 'Suporte', color: '#ff0000', greetingMessage: 'Olá' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'ERR_QUEUE_COLOR_ALREADY_EXISTS' });
  });

  it('requires a greeting once the company has more than one queue', async () => {
    const res = await req('POST', '/queue', a.adminToken, { name: 'Suporte', color: '#00FF00', greetingMessage: ' ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual([{ path: 'greetingMessage', message: 'validation.greetingRequired' }]);
  });

  it('requires the out-of-hours message when the schedule type is queue', async () => {
    await req('PUT', '/companySettings', a.adminToken, { column: 'scheduleType', data: 'queue' });
    const res = await req('POST', '/queue', a.adminToken, {
      name: 'Suporte',
      color: '#00FF00',
      greetingMessage: 'Olá',
      outOfHoursMessage: '',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual([{ path: 'outOfHoursMessage', message: 'validation.required' }]);
    await req('PUT', '/companySettings', a.adminToken, { column: 'scheduleType', data: 'disabled' });
  });

  it('enforces the plan queue limit', async () => {
    expect((await req('POST', '/queue', b.adminToken, { name: 'Q1', color: '#111111', greetingMessage: 'oi' })).statusCode).toBe(
      201,
    );
    expect((await req('POST', '/queue', b.adminToken, { name: 'Q2', color: '#222222', greetingMessage: 'oi' })).statusCode).toBe(
      201,
    );
    const third = await req('POST', '/queue', b.adminToken, { name: 'Q3', color: '#333333', greetingMessage: 'oi' });
    expect(third.statusCode).toBe(403);
    expect(third.json()).toMatchObject({ error: 'ERR_PLAN_LIMIT_REACHED' });
  });

  it('refuses profile user on every change but lets them read', async () => {
    expect((await req('GET', '/queue', a.userToken)).statusCode).toBe(200);
    expect((await req('POST', '/queue', a.userToken, { name: 'Nope', color: '#ABCDEF' })).json()).toEqual({
      error: 'ERR_NO_PERMISSION',
    });
    expect((await req('PUT', `/queue/${salesId}`, a.userToken, { name: 'Nope' })).statusCode).toBe(403);
    expect((await req('DELETE', `/queue/${salesId}`, a.userToken)).statusCode).toBe(403);
    expect((await req('POST', '/chatbot', a.userToken, { queueId: salesId, name: 'Opção' })).statusCode).toBe(403);
  });

  it("answers 404 for another company's queue", async () => {
    expect((await req('GET', `/queue/${salesId}`, b.adminToken)).json()).toEqual({ error: 'ERR_NO_QUEUE_FOUND' });
    expect((await req('PUT', `/queue/${salesId}`, b.adminToken, { name: 'Hijack' })).statusCode).toBe(404);
    expect((await req('DELETE', `/queue/${salesId}`, b.adminToken)).statusCode).toBe(404);
    expect((await req('GET', '/queue', b.adminToken)).json().map((q: { id: number }) => q.id)).not.toContain(salesId);
  });
});

describe('chatbot flows', () => {
  let queueId: number;
  beforeAll(async () => {
    const res = await req('POST', '/queue', a.adminToken, { name: 'Financeiro', color: '#0000AA', greetingMessage: 'Bem-vindo' });
    queueId = res.json().id;
  });

  it('saves a nested tree through the queue and reads it back in order', async () => {
    const res = await req('PUT', `/queue/${queueId}`, a.adminToken, {
      chatbots: [
        {
          name: 'Boletos',
          greetingMessage: 'Escolha:',
          options: [
            { name: 'Segunda via', greetingMessage: 'Enviaremos', options: [{ name: 'Por e-mail', greetingMessage: 'ok' }] },
            { name: 'Falar com atendente', queueType: 'attendent', optUserId: a.adminId },
          ],
        },
        { name: 'Outros assuntos', queueType: 'queue', optQueueId: queueId },
      ],
    });
    expect(res.statusCode).toBe(200);
    const q = res.json();
    expect(q.chatbots.map((c: { name: string }) => c.name)).toEqual(['Boletos', 'Outros assuntos']);
    expect(q.chatbots[0].options.map((c: { name: string }) => c.name)).toEqual(['Segunda via', 'Falar com atendente']);
    expect(q.chatbots[0].options[0].options[0]).toMatchObject({ name: 'Por e-mail', options: [] });
  });

  it('refuses steps with names under 4 characters, at any depth', async () => {
    const res = await req('PUT', `/queue/${queueId}`, a.adminToken, { chatbots: [{ name: 'Okay', options: [{ name: 'No' }] }] });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[0]).toEqual({ path: 'chatbots.0.options.0.name', message: 'validation.tooShort' });
  });

  it("refuses targets that are another company's users or queues", async () => {
    const res = await req('PUT', `/queue/${queueId}`, a.adminToken, {
      chatbots: [{ name: 'Transfer', queueType: 'attendent', optUserId: b.adminId }],
    });
    expect(res.json()).toEqual({ error: 'ERR_NO_USER_FOUND' });
  });

  it('creates, reorders and deletes steps; deleting a step removes its inner steps', async () => {
    const top = (
      await req('POST', '/chatbot', a.adminToken, { queueId, name: 'Cancelamento', greetingMessage: 'Motivo?' })
    ).json();
    const child = (await req('POST', '/chatbot', a.adminToken, { chatbotId: top.id, name: 'Preço alto' })).json();
    const grandchild = (await req('POST', '/chatbot', a.adminToken, { chatbotId: child.id, name: 'Oferta especial' })).json();
    expect((await req('GET', `/chatbot/${top.id}`, a.adminToken)).json().options[0].options[0].id).toBe(grandchild.id);
    const moved = await req('PUT', `/chatbot/${top.id}`, a.adminToken, { order: 0, name: 'Cancelar plano' });
    expect(moved.json()).toMatchObject({ name: 'Cancelar plano', order: 0 });
    const q = (await req('GET', `/queue/${queueId}`, a.adminToken)).json();
    expect(q.chatbots[0].name).toBe('Cancelar plano');
    expect((await req('DELETE', `/chatbot/${top.id}`, a.adminToken)).statusCode).toBe(204);
    expect((await req('GET', `/chatbot/${child.id}`, a.adminToken)).statusCode).toBe(404);
    expect((await req('GET', `/chatbot/${grandchild.id}`, a.adminToken)).statusCode).toBe(404);
  });

  it('deleting a queue removes its whole flow', async () => {
    const q = (
      await req('POST', '/queue', a.adminToken, {
        name: 'Temporária',
        color: '#0A0A0A',
        greetingMessage: 'x',
        chatbots: [{ name: 'Passo um', options: [{ name: 'Passo dois' }] }],
      })
    ).json();
    const stepId = q.chatbots[0].options[0].id;
    expect((await req('DELETE', `/queue/${q.id}`, a.adminToken)).statusCode).toBe(204);
    expect((await req('GET', `/chatbot/${stepId}`, a.adminToken)).statusCode).toBe(404);
  });

  it("keeps another company's steps out of reach", async () => {
    const top = (await req('POST', '/chatbot', a.adminToken, { queueId, name: 'Privado' })).json();
    expect((await req('GET', `/chatbot/${top.id}`, b.adminToken)).statusCode).toBe(404);
    expect((await req('DELETE', `/chatbot/${top.id}`, b.adminToken)).statusCode).toBe(404);
    expect((await req('POST', '/chatbot', b.adminToken, { chatbotId: top.id, name: 'Intruso' })).statusCode).toBe(404);
  });
});
