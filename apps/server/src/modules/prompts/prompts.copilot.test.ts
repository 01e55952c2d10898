/** The attendants' AI co-pilot (docs/ai.md) through the OpenAI stand-in: suggest, summarise, improve, and refusals. */
import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { createTenant, type Tenant } from '../../../test/harness';
import { query } from '../../../test/messaging';
import { queues, tickets } from '../../db/schema';
import { OutboundRefused } from '../../platform/safe-fetch';
import { addQueue, connection, customer, standin, t, useAutomationApp } from '../automation/automation.testing';
import { sendMessageJob } from '../messages/messages.public';
import { copilotError } from './prompts.copilot';

useAutomationApp((url) => ({ OPENAI_API_URL: `${url}/v1`, OUTBOUND_ALLOWED_HOSTS: new URL(url).host }));
beforeEach(() => standin.chat.reset());

const INSTRUCTIONS = 'Você atende a Loja Aurora. Frete grátis acima de R$ 200. Trocas em até 30 dias, sempre com nota fiscal.';

/** A company whose queue has a prompt (its key), a customer who wrote, and the ticket taken by the plain user. */
async function scene(o: { prompt?: 'queue' | 'none'; planFlags?: Record<string, boolean> } = {}) {
  const tenant = await createTenant(t, o.planFlags ? { planFlags: o.planFlags } : {});
  const q = await addQueue(tenant, 'Vendas', { greetingMessage: '' });
  const conn = await connection(tenant, [q.id], { greetingMessage: '' });
  const c = customer(conn.id);
  const { ticketId } = await c.says('Oi, comprei um tênis e ficou pequeno. Posso trocar?');
  await t.database.db
    .update(tickets)
    .set({ status: 'open', userId: tenant.userId, isBot: false, queueId: q.id })
    .where(eq(tickets.id, ticketId));
  let promptId = 0;
  if (o.prompt !== 'none') {
    const res = await t.app.inject({
      method: 'POST',
      url: '/prompt',
      headers: { authorization: `Bearer ${tenant.adminToken}` },
      payload: { name: 'Assistente', prompt: INSTRUCTIONS, queueId: q.id, apiKey: 'sk-aurora-123456', model: 'gpt-4o-mini' },
    });
    expect(res.statusCode).toBe(201);
    promptId = res.json().id;
    await t.database.db.update(queues).set({ promptId }).where(eq(queues.id, q.id));
  }
  return { tenant, ticketId, promptId, from: c.from };
}

const ai = (tenant: Tenant, ticketId: number, action: string, payload: Record<string, unknown> = {}, token = tenant.userToken) =>
  t.app.inject({
    method: 'POST',
    url: `/tickets/${ticketId}/ai/${action}`,
    headers: { authorization: `Bearer ${token}` },
    payload,
  });

async function note(tenant: Tenant, ticketId: number, body: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/messages/${ticketId}`,
    headers: { authorization: `Bearer ${tenant.userToken}` },
    payload: { body, isPrivate: true },
  });
  expect(res.statusCode).toBe(200);
}

const usage = (ticketId: number) =>
  query<{ outcome: string; prompt_id: number; total_tokens: number }>(
    t,
    sql`SELECT outcome, prompt_id, total_tokens FROM ai_usage WHERE ticket_id = ${ticketId} ORDER BY id`,
  );

describe('suggest a reply', () => {
  it('drafts from the conversation (notes as marked context) and the queue prompt; nothing is sent; tokens counted', async () => {
    const s = await scene();
    await note(s.tenant, s.ticketId, 'Cliente VIP, já trocou uma vez.');
    standin.chat.answers.push('Olá! Pode trocar sim, em até 30 dias com a nota fiscal.');
    const res = await ai(s.tenant, s.ticketId, 'suggest', { language: 'pt' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ text: 'Olá! Pode trocar sim, em até 30 dias com a nota fiscal.' });

    const req = standin.chat.last();
    expect(req?.authorization).toBe('Bearer sk-aurora-123456');
    const all = req?.messages.map((m) => m.content).join('\n') ?? '';
    expect(all).toContain(INSTRUCTIONS);
    expect(all).toContain('Customer: Oi, comprei um tênis e ficou pequeno. Posso trocar?');
    expect(all).toContain('Internal note (never tell the customer): Cliente VIP, já trocou uma vez.');

    const fromMe = await query(t, sql`SELECT id FROM messages WHERE ticket_id = ${s.ticketId} AND from_me AND NOT is_private`);
    expect(fromMe).toHaveLength(0);
    const used = await usage(s.ticketId);
    expect(used).toHaveLength(1);
    expect(used[0]).toMatchObject({ outcome: 'copilot.suggest', prompt_id: s.promptId });
    expect(Number(used[0].total_tokens)).toBeGreaterThan(0);

    const month = await t.app.inject({
      method: 'GET',
      url: '/prompt/usage',
      headers: { authorization: `Bearer ${s.tenant.adminToken}` },
    });
    expect(month.json().total.totalTokens).toBe(Number(used[0].total_tokens));
  });

  it('without a prompt on the queue uses the company’s other prompt key, not its instructions', async () => {
    const s = await scene({ prompt: 'none' });
    const other = await addQueue(s.tenant, 'Financeiro', { greetingMessage: '' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/prompt',
      headers: { authorization: `Bearer ${s.tenant.adminToken}` },
      payload: { name: 'Financeiro IA', prompt: `${INSTRUCTIONS} (financeiro)`, queueId: other.id, apiKey: 'sk-fin-987654' },
    });
    expect(res.statusCode).toBe(201);
    expect((await ai(s.tenant, s.ticketId, 'suggest')).statusCode).toBe(200);
    const req = standin.chat.last();
    expect(req?.authorization).toBe('Bearer sk-fin-987654');
    expect(req?.messages.map((m) => m.content).join('\n')).not.toContain('financeiro');
  });
});

describe('summarise', () => {
  it('stores the summary as a private note of the attendant, never sent to the channel', async () => {
    const s = await scene();
    standin.chat.answers.push('- Cliente quer trocar um tênis pequeno.\n- Pendente: enviar etiqueta.');
    const res = await ai(s.tenant, s.ticketId, 'summary', { language: 'pt' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.text).toContain('trocar um tênis');
    expect(body.message).toMatchObject({ isPrivate: true, fromMe: true, body: body.text });
    expect(standin.chat.last()?.messages[0].content).toContain('Brazilian Portuguese');

    const [row] = await query<{ is_private: boolean; user_id: number }>(
      t,
      sql`SELECT is_private, user_id FROM messages WHERE id = ${body.message.id}`,
    );
    expect(row).toMatchObject({ is_private: true, user_id: s.tenant.userId });
    // The send job refuses a note: the customer's phone never gets it.
    await t.deps.jobs.runNow(sendMessageJob, { messageId: body.message.id, companyId: s.tenant.companyId, attempt: 1 });
    expect(standin.sent.filter((m) => m.to === s.from)).toHaveLength(0);
    expect((await usage(s.ticketId)).map((u) => u.outcome)).toEqual(['copilot.summary']);
  });
});

describe('improve', () => {
  it('rewrites the draft it is given and returns it', async () => {
    const s = await scene();
    standin.chat.answers.push('Olá! Claro, você pode trocar o tênis.');
    const res = await ai(s.tenant, s.ticketId, 'improve', { draft: 'ola claro vc pode troca o tenis' });
    expect(res.statusCode).toBe(200);
    expect(res.json().text).toBe('Olá! Claro, você pode trocar o tênis.');
    expect(standin.chat.last()?.messages.at(-1)?.content).toBe('ola claro vc pode troca o tenis');
    expect((await ai(s.tenant, s.ticketId, 'improve', { draft: '  ' })).statusCode).toBe(400);
  });
});

describe('refusals and failures', () => {
  it('a plan without useOpenAi is refused', async () => {
    const s = await scene({ prompt: 'none', planFlags: { useOpenAi: false } });
    const res = await ai(s.tenant, s.ticketId, 'suggest');
    expect(res.statusCode).toBe(403);
    expect(standin.chat.requests).toHaveLength(0);
  });

  it('a company without a prompt key is told so (ERR_AI_KEY_MISSING)', async () => {
    const s = await scene({ prompt: 'none' });
    const res = await ai(s.tenant, s.ticketId, 'summary');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('ERR_AI_KEY_MISSING');
  });

  it('the provider’s refusals become their own codes and count no tokens', async () => {
    const s = await scene();
    standin.chat.fail(401);
    let res = await ai(s.tenant, s.ticketId, 'suggest');
    expect([res.statusCode, res.json().error]).toEqual([502, 'ERR_AI_KEY_INVALID']);
    standin.chat.fail(429);
    res = await ai(s.tenant, s.ticketId, 'suggest');
    expect([res.statusCode, res.json().error]).toEqual([429, 'ERR_AI_RATE_LIMITED']);
    standin.chat.fail(500);
    res = await ai(s.tenant, s.ticketId, 'summary');
    expect([res.statusCode, res.json().error]).toEqual([502, 'ERR_AI_PROVIDER_FAILED']);
    expect(await usage(s.ticketId)).toHaveLength(0);
    const notes = await query(t, sql`SELECT id FROM messages WHERE ticket_id = ${s.ticketId} AND is_private`);
    expect(notes).toHaveLength(0);
    expect(copilotError(new OutboundRefused('timeout', 'slow')).code).toBe('ERR_AI_TIMEOUT');
  });

  it('another company’s ticket is not found', async () => {
    const s = await scene();
    const other = await createTenant(t);
    const res = await ai(other, s.ticketId, 'suggest', {}, other.adminToken);
    expect(res.statusCode).toBe(404);
    expect(standin.chat.requests).toHaveLength(0);
  });

  it('a company’s calls are rate limited (the shared limiter)', async () => {
    const s = await scene();
    let last = 0;
    for (let i = 0; i < 31; i++) last = (await ai(s.tenant, s.ticketId, 'improve', { draft: 'oi' })).statusCode;
    expect(last).toBe(429);
    expect(standin.chat.requests).toHaveLength(30);
  });
});
