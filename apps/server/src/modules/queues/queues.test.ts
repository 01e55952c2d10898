import { parseChatbotFlow } from '@atendo/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithCompanies, createTenant, requester, type Tenant, type TestContext } from '../../../test/harness';
import { relatedRecordsOf } from '../../../test/related-records';

let t: TestContext, a: Tenant, b: Tenant;
beforeAll(async () => {
  [t, a] = await appWithCompanies(1);
  b = await createTenant(t, { planFlags: { queues: 2 } });
});
afterAll(async () => t?.close());

const req = requester(() => t);

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
    const res = await req('PUT', `/queue/${queueId}`, a.adminToken, {
      chatbots: [{ name: 'Okay', greetingMessage: 'Escolha', options: [{ name: 'No' }] }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[0]).toEqual({ path: 'chatbots.0.options.0.name', message: 'validation.tooShort' });
  });

  it("refuses targets that are another company's users or queues", async () => {
    const res = await req('PUT', `/queue/${queueId}`, a.adminToken, {
      chatbots: [{ name: 'Transfer', queueType: 'attendent', optUserId: b.adminId }],
    });
    expect(res.json()).toEqual({ error: 'ERR_NO_USER_FOUND' });
  });

  it("refuses steps that send another company's integration or file list, at any depth (404)", async () => {
    const theirs = await relatedRecordsOf(t, b);
    const before = (await req('GET', `/queue/${queueId}`, a.adminToken)).json().chatbots;
    const steps = [
      { name: 'Typebot', queueType: 'integration', optIntegrationId: theirs.integrationId },
      { name: 'Arquivos', queueType: 'file', optFileId: theirs.fileListId },
    ];
    for (const step of steps) {
      const top = await req('PUT', `/queue/${queueId}`, a.adminToken, { chatbots: [step] });
      expect(top.statusCode, step.name).toBe(404);
      const inner = await req('PUT', `/queue/${queueId}`, a.adminToken, {
        chatbots: [{ name: 'Menu', greetingMessage: 'Escolha', options: [step] }],
      });
      expect(inner.statusCode, step.name).toBe(404);
    }
    expect((await req('GET', `/queue/${queueId}`, a.adminToken)).json().chatbots).toEqual(before);
  });

  it('creates, reorders and deletes steps; deleting a step removes its inner steps', async () => {
    const top = (
      await req('POST', '/chatbot', a.adminToken, { queueId, name: 'Cancelamento', greetingMessage: 'Motivo?' })
    ).json();
    const child = (
      await req('POST', '/chatbot', a.adminToken, { chatbotId: top.id, name: 'Preço alto', greetingMessage: 'Temos uma oferta' })
    ).json();
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
        chatbots: [{ name: 'Passo um', greetingMessage: 'Escolha', options: [{ name: 'Passo dois' }] }],
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

describe('queue rules beyond name and colour', () => {
  it('requires the out-of-hours message on create when the schedule type is queue, even when not sent', async () => {
    const tenant = await createTenant(t);
    await req('PUT', '/companySettings', tenant.adminToken, { column: 'scheduleType', data: 'queue' });
    const res = await req('POST', '/queue', tenant.adminToken, { name: 'Noite', color: '#123123' });
    expect(res.json().fields).toEqual([{ path: 'outOfHoursMessage', message: 'validation.required' }]);
    const ok = await req('POST', '/queue', tenant.adminToken, {
      name: 'Noite',
      color: '#123123',
      outOfHoursMessage: 'Voltamos às 8h',
      schedules: [
        { weekday: 'Sábado', weekdayEn: 'saturday', startTimeA: '09:00', endTimeA: '12:00', startTimeB: '', endTimeB: '' },
      ],
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().schedules).toEqual([
      { weekday: 'Sábado', weekdayEn: 'saturday', startTimeA: '09:00', endTimeA: '12:00', startTimeB: '', endTimeB: '' },
    ]);
    const badTime = await req('PUT', `/queue/${ok.json().id}`, tenant.adminToken, {
      schedules: [
        { weekday: 'Sábado', weekdayEn: 'saturday', startTimeA: '25:00', endTimeA: '12:00', startTimeB: '', endTimeB: '' },
      ],
    });
    expect(badTime.statusCode).toBe(400);
  });

  it('keeps rotation, order and closeTicket; rotation minutes only from the seed options', async () => {
    const tenant = await createTenant(t);
    const res = await req('POST', '/queue', tenant.adminToken, {
      name: 'Rodízio',
      color: '#ABC',
      orderQueue: 3,
      ativarRoteador: true,
      tempoRoteador: 15,
      closeTicket: true,
    });
    expect(res.json()).toMatchObject({ orderQueue: 3, ativarRoteador: true, tempoRoteador: 15, closeTicket: true });
    const bad = await req('PUT', `/queue/${res.json().id}`, tenant.adminToken, { tempoRoteador: 7 });
    expect(bad.json().fields).toEqual([{ path: 'tempoRoteador', message: 'validation.invalid' }]);
    expect((await req('PUT', `/queue/${res.json().id}`, tenant.adminToken, { tempoRoteador: 0 })).json().tempoRoteador).toBe(0);
  });

  it('keeps the assignment mode and capacity (default off and no limit); refuses an unknown mode or a negative capacity', async () => {
    const tenant = await createTenant(t);
    const res = await req('POST', '/queue', tenant.adminToken, { name: 'Distribui', color: '#A1B' });
    expect(res.json()).toMatchObject({ assignmentMode: 'off', assignmentCapacity: 0 });
    const id = res.json().id;
    const set = await req('PUT', `/queue/${id}`, tenant.adminToken, { assignmentMode: 'leastBusy', assignmentCapacity: 5 });
    expect(set.json()).toMatchObject({ assignmentMode: 'leastBusy', assignmentCapacity: 5 });
    const bad = await req('PUT', `/queue/${id}`, tenant.adminToken, { assignmentMode: 'fastest', assignmentCapacity: -1 });
    expect(bad.json().fields).toEqual([
      { path: 'assignmentMode', message: 'validation.invalid' },
      { path: 'assignmentCapacity', message: 'validation.invalid' },
    ]);
  });

  it('integrationId and integration steps need useIntegrations; promptId needs useOpenAi', async () => {
    const tenant = await createTenant(t, { planFlags: { useIntegrations: false, useOpenAi: false } });
    const body = { name: 'Bot', color: '#0F0F0F' };
    const withIntegration = await req('POST', '/queue', tenant.adminToken, { ...body, integrationId: 1 });
    expect(withIntegration.statusCode).toBe(403);
    expect(withIntegration.json().error).toBe('ERR_PLAN_FEATURE_DISABLED');
    const withPrompt = await req('POST', '/queue', tenant.adminToken, { ...body, promptId: 1 });
    expect(withPrompt.json().error).toBe('ERR_PLAN_FEATURE_DISABLED');
    const step = await req('POST', '/queue', tenant.adminToken, {
      ...body,
      chatbots: [{ name: 'Typebot', queueType: 'integration', optIntegrationId: 4 }],
    });
    expect(step.json().error).toBe('ERR_PLAN_FEATURE_DISABLED');
    const own = await relatedRecordsOf(t, tenant);
    expect((await req('POST', '/queue', tenant.adminToken, { ...body, fileListId: own.fileListId })).statusCode).toBe(201);
  });

  describe("promptId, integrationId and fileListId must be the company's own (404, nothing stored)", () => {
    let theirs: Awaited<ReturnType<typeof relatedRecordsOf>>;
    let mine: Awaited<ReturnType<typeof relatedRecordsOf>>;
    let queueId: number;
    beforeAll(async () => {
      theirs = await relatedRecordsOf(t, b);
      mine = await relatedRecordsOf(t, a);
      const created = await req('POST', '/queue', a.adminToken, {
        name: 'Referências',
        color: '#ABCDEF',
        greetingMessage: 'Olá',
        outOfHoursMessage: 'Fora do horário',
      });
      expect(created.statusCode).toBe(201);
      queueId = created.json().id;
    });

    for (const field of ['promptId', 'integrationId', 'fileListId'] as const) {
      it(`${field}: another company's or one that exists nowhere is refused on create and update`, async () => {
        const base = { name: `Fila ${field}`, color: '#0A0B0C', greetingMessage: 'Olá', outOfHoursMessage: 'Fora' };
        for (const id of [theirs[field], 99_999_999]) {
          const created = await req('POST', '/queue', a.adminToken, { ...base, [field]: id });
          expect(created.statusCode).toBe(404);
          expect(created.json()).toMatchObject({ error: 'ERR_NOT_FOUND' });
          const updated = await req('PUT', `/queue/${queueId}`, a.adminToken, { [field]: id });
          expect(updated.statusCode).toBe(404);
        }
        expect((await req('GET', `/queue/${queueId}`, a.adminToken)).json()[field]).toBeNull();
        const own = await req('PUT', `/queue/${queueId}`, a.adminToken, { [field]: mine[field] });
        expect(own.statusCode).toBe(200);
        expect(own.json()[field]).toBe(mine[field]);
        expect((await req('PUT', `/queue/${queueId}`, a.adminToken, { [field]: null })).json()[field]).toBeNull();
      });
    }
  });
});

describe('chatbot step rules', () => {
  let tenant: Tenant;
  let queueId: number;
  beforeAll(async () => {
    tenant = await createTenant(t);
    queueId = (await req('POST', '/queue', tenant.adminToken, { name: 'Atendimento', color: '#445566' })).json().id;
  });

  it('each type needs its target', async () => {
    const res = await req('PUT', `/queue/${queueId}`, tenant.adminToken, {
      chatbots: [
        { name: 'Para fila', queueType: 'queue' },
        { name: 'Para pessoa', queueType: 'attendent' },
        { name: 'Arquivos', queueType: 'file' },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual([
      { path: 'chatbots.0.optQueueId', message: 'validation.required' },
      { path: 'chatbots.1.optUserId', message: 'validation.required' },
      { path: 'chatbots.2.optFileId', message: 'validation.required' },
    ]);
    const top = (await req('POST', '/chatbot', tenant.adminToken, { queueId, name: 'Texto simples' })).json();
    const change = await req('PUT', `/chatbot/${top.id}`, tenant.adminToken, { queueType: 'queue' });
    expect(change.json().fields).toEqual([{ path: 'optQueueId', message: 'validation.required' }]);
  });

  it('a step needs its message before it can have inner options', async () => {
    const res = await req('PUT', `/queue/${queueId}`, tenant.adminToken, {
      chatbots: [{ name: 'Sem mensagem', options: [{ name: 'Filho um' }] }],
    });
    expect(res.json().fields).toEqual([{ path: 'chatbots.0.greetingMessage', message: 'validation.greetingRequired' }]);
    const silent = (await req('POST', '/chatbot', tenant.adminToken, { queueId, name: 'Mudo' })).json();
    const child = await req('POST', '/chatbot', tenant.adminToken, { chatbotId: silent.id, name: 'Filho' });
    expect(child.json().fields).toEqual([{ path: 'chatbotId', message: 'validation.greetingRequired' }]);
    await req('PUT', `/chatbot/${silent.id}`, tenant.adminToken, { greetingMessage: 'Escolha uma opção' });
    expect((await req('POST', '/chatbot', tenant.adminToken, { chatbotId: silent.id, name: 'Filho' })).statusCode).toBe(201);
    const empty = await req('PUT', `/chatbot/${silent.id}`, tenant.adminToken, { greetingMessage: '' });
    expect(empty.json().fields).toEqual([{ path: 'greetingMessage', message: 'validation.greetingRequired' }]);
  });

  it('a step change publishes its queue to the company', async () => {
    const top = (await req('POST', '/chatbot', tenant.adminToken, { queueId, name: 'Evento' })).json();
    t.realtime.events.length = 0;
    await req('PUT', `/chatbot/${top.id}`, tenant.adminToken, { name: 'Evento novo' });
    const event = t.realtime.events.find((e) => e.event === 'queue');
    expect(event).toMatchObject({ companyId: tenant.companyId, payload: { action: 'update' } });
    const queue = (event?.payload as { queue: { chatbots: { name: string }[] } } | undefined)?.queue ?? { chatbots: [] };
    expect(queue.chatbots.map((c) => c.name)).toContain('Evento novo');
    t.realtime.events.length = 0;
    await req('DELETE', `/queue/${queueId}`, tenant.adminToken);
    expect(t.realtime.events).toContainEqual(
      expect.objectContaining({ event: 'queue', payload: expect.objectContaining({ action: 'delete', queueId }) }),
    );
  });

  it('refuses a profile user every chatbot route', async () => {
    const q = (await req('POST', '/queue', tenant.adminToken, { name: 'Outra', color: '#778899', greetingMessage: 'oi' })).json();
    const top = (await req('POST', '/chatbot', tenant.adminToken, { queueId: q.id, name: 'Opção A' })).json();
    expect((await req('GET', `/chatbot/${top.id}`, tenant.userToken)).statusCode).toBe(403);
    expect((await req('PUT', `/chatbot/${top.id}`, tenant.userToken, { name: 'Hacked' })).statusCode).toBe(403);
    expect((await req('DELETE', `/chatbot/${top.id}`, tenant.userToken)).statusCode).toBe(403);
  });
});

describe('flow import from JSON', () => {
  it('accepts an exported array (ids dropped) and saves it as the queue flow', async () => {
    const tenant = await createTenant(t);
    const source = (
      await req('POST', '/queue', tenant.adminToken, {
        name: 'Origem',
        color: '#101010',
        chatbots: [{ name: 'Vendas', greetingMessage: 'Qual produto?', options: [{ name: 'Planos', greetingMessage: 'ok' }] }],
      })
    ).json();
    const exported = JSON.stringify(source.chatbots);
    const parsed = parseChatbotFlow(exported);
    expect(parsed.ok).toBe(true);
    const target = (
      await req('POST', '/queue', tenant.adminToken, { name: 'Destino', color: '#202020', greetingMessage: 'oi' })
    ).json();
    const saved = await req('PUT', `/queue/${target.id}`, tenant.adminToken, { chatbots: parsed.ok ? parsed.steps : [] });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().chatbots[0]).toMatchObject({ name: 'Vendas', options: [{ name: 'Planos' }] });
    expect(saved.json().chatbots[0].id).not.toBe(source.chatbots[0].id);
  });

  it("answers which of the seed's two messages applies", () => {
    expect(parseChatbotFlow('{"name":"Vendas"}')).toEqual({ ok: false, error: 'notArray' });
    expect(parseChatbotFlow('not json')).toEqual({ ok: false, error: 'invalid' });
  });

  it('a flow that breaks a rule names the step (1-based, dotted by depth) and the field (issue 30 item 8)', () => {
    expect(parseChatbotFlow('[{"name":"abc"}]')).toEqual({
      ok: false,
      error: 'step',
      step: '1',
      stepName: 'abc',
      field: 'name',
      message: 'validation.tooShort',
    });
    const nested = JSON.stringify([
      { name: 'Vendas', greetingMessage: 'Qual?', options: [{ name: 'Planos' }, { name: 'Suporte', queueType: 'queue' }] },
    ]);
    expect(parseChatbotFlow(nested)).toMatchObject({ error: 'step', step: '1.2', stepName: 'Suporte', field: 'optQueueId' });
    expect(parseChatbotFlow('[{"name":"Vendas","options":[{"name":"Planos"}]}]')).toMatchObject({
      step: '1',
      field: 'greetingMessage',
      message: 'validation.greetingRequired',
    });
    expect(parseChatbotFlow('[{"name":"Vendas","queueType":"robot"}]')).toMatchObject({
      step: '1',
      field: 'queueType',
      message: 'validation.invalid',
    });
    expect(parseChatbotFlow('[{"name":"Vendas"},42]')).toEqual({
      ok: false,
      error: 'step',
      step: '2',
      message: 'validation.invalid',
    });
  });

  it('the API refuses a flow that is not an array', async () => {
    const tenant = await createTenant(t);
    const q = (await req('POST', '/queue', tenant.adminToken, { name: 'Fila', color: '#303030' })).json();
    const res = await req('PUT', `/queue/${q.id}`, tenant.adminToken, { chatbots: { name: 'Vendas' } });
    expect(res.statusCode).toBe(400);
  });
});
