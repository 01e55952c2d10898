/** The AI runtime end to end: a customer writes through the Cloud API stand-in, the model (OpenAI stand-in) answers. */
import { inbound, tinyOgg } from '@atendo/graph-standin';
import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { ticketRow } from '../../../test/attendance';
import { createTenant, type Tenant } from '../../../test/harness';
import { deliver, query } from '../../../test/messaging';
import { queues, tickets, whatsapps } from '../../db/schema';
import { addQueue, connection, newNumber, standin, t, useAutomationApp } from '../automation/automation.testing';
import { downloadMediaJob, sendMessageJob } from '../messages/messages.public';
import { promptReplyJob } from './prompts.jobs';

// The automation's app, with OpenAI and the speech service on the same stand-in (reached through the outbound guard).
useAutomationApp((url) => ({ OPENAI_API_URL: `${url}/v1`, SPEECH_API_URL: url, OUTBOUND_ALLOWED_HOSTS: new URL(url).host }));
beforeEach(() => standin.chat.reset());

const INSTRUCTIONS = 'Você é o assistente de vendas da Loja. Responda em português, de forma breve e educada.';

async function promptFor(tenant: Tenant, queueId: number, extra: Record<string, unknown> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/prompt',
    headers: { authorization: `Bearer ${tenant.adminToken}` },
    payload: { name: 'Vendedor IA', prompt: INSTRUCTIONS, queueId, apiKey: 'sk-loja-123456', maxMessages: 3, ...extra },
  });
  expect(res.statusCode).toBe(201);
  const id = res.json().id as number;
  await t.database.db.update(queues).set({ promptId: id }).where(eq(queues.id, queueId));
  return id;
}

interface Scene {
  tenant: Tenant;
  queueId: number;
  promptId: number;
  conn: Awaited<ReturnType<typeof connection>>;
  from: string;
  ticketId: () => Promise<number>;
  says(body: string): Promise<void>;
  /** A voice note through the Cloud API stand-in, downloaded by its job as the worker would; answers its message id. */
  saysAudio(opts?: { download?: boolean }): Promise<number>;
  /** Runs the AI turn as the worker would (optionally twice), then the send jobs; answers what reached the phone. */
  modelTurn(times?: number): Promise<string[]>;
  logs(): Promise<{ type: string; reason: string | null }[]>;
}

let clock = Date.now();

async function downloadAudio(messageId: number) {
  const [m] = await query<{ company_id: number }>(t, sql`SELECT company_id FROM messages WHERE id = ${messageId}`);
  await t.deps.jobs.runNow(downloadMediaJob, { messageId, companyId: Number(m.company_id) });
}

const setAudioKey = (value: string) =>
  t.database.db.execute(
    sql`INSERT INTO settings (key, value) VALUES ('openaikeyaudio', ${value}) ON CONFLICT (key) DO UPDATE SET value = ${value}`,
  );

/** What the next transcriptions of the stand-in answer (or `fail` the next one with a 500). */
const transcriptionWill = (body: { text?: string; fail?: boolean }) =>
  fetch(`${standin.url}/_standin/transcription`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
async function scene(extra: Record<string, unknown> = {}): Promise<Scene> {
  const tenant = await createTenant(t);
  const q = await addQueue(tenant, 'Vendas', { greetingMessage: '' });
  const promptId = await promptFor(tenant, q.id, extra);
  const conn = await connection(tenant, [q.id], { greetingMessage: '' });
  const from = newNumber();
  const ticketId = async () => {
    const [row] = await t.database.db.select().from(tickets).where(eq(tickets.companyId, tenant.companyId));
    return row.id;
  };
  let seenSent = 0;
  return {
    tenant,
    queueId: q.id,
    promptId,
    conn,
    from,
    ticketId,
    async says(body) {
      clock += 2000;
      const res = await deliver(
        t,
        conn,
        [inbound.text({ from, body, timestamp: new Date(clock) })],
        [{ waId: from, name: 'Joana' }],
      );
      expect(res.statusCode).toBe(200);
    },
    async saysAudio(opts = {}) {
      clock += 2000;
      const media = standin.addMedia(tinyOgg(), 'audio/ogg');
      const res = await deliver(
        t,
        conn,
        [inbound.audio({ from, mediaId: media.id, voice: true, timestamp: new Date(clock) })],
        [{ waId: from, name: 'Joana' }],
      );
      expect(res.statusCode).toBe(200);
      const [m] = await query<{ id: number }>(
        t,
        sql`SELECT id FROM messages WHERE ticket_id = ${await ticketId()} AND NOT from_me ORDER BY id DESC LIMIT 1`,
      );
      if (opts.download !== false) await downloadAudio(Number(m.id));
      return Number(m.id);
    },
    async modelTurn(times = 1) {
      const id = await ticketId();
      for (let i = 0; i < times; i++) await t.deps.jobs.runNow(promptReplyJob, { companyId: tenant.companyId, ticketId: id });
      const fresh = await query<{ id: number }>(
        t,
        sql`SELECT id FROM messages WHERE ticket_id = ${id} AND from_me AND ack = 0 ORDER BY id`,
      );
      for (const m of fresh)
        await t.deps.jobs.runNow(sendMessageJob, { messageId: Number(m.id), companyId: tenant.companyId, attempt: 1 });
      const mine = standin.sent.filter((x) => x.to === from);
      const out = mine.slice(seenSent).map((x) => (x.body.text ? (x.body.text as { body: string }).body : `[${x.type}]`));
      seenSent = mine.length;
      return out;
    },
    async logs() {
      const id = await ticketId();
      return query<{ type: string; reason: string | null }>(
        t,
        sql`SELECT type, reason FROM ticket_logs WHERE ticket_id = ${id} ORDER BY id`,
      );
    },
  };
}

describe('a queue with an AI prompt', () => {
  it('the model answers the customer as the bot, with the prompt’s key, model settings and instructions', async () => {
    const s = await scene();
    standin.chat.answers.push('Olá, Joana! O plano Pro custa R$ 99 por mês.');
    await s.says('Quanto custa o plano Pro?');
    const ticket = await ticketRow(t, await s.ticketId());
    expect(ticket).toMatchObject({ promptId: s.promptId, isBot: true, queueId: s.queueId, status: 'pending' });
    expect(await s.modelTurn()).toEqual(['Olá, Joana! O plano Pro custa R$ 99 por mês.']);
    const req = standin.chat.last()!;
    expect(req).toMatchObject({ model: 'gpt-4o-mini', max_tokens: 100, temperature: 1, authorization: 'Bearer sk-loja-123456' });
    expect(req.messages[0].role).toBe('system');
    expect(req.messages[0].content).toContain(INSTRUCTIONS);
    expect(req.messages.slice(1)).toEqual([{ role: 'user', content: 'Quanto custa o plano Pro?' }]);
    const bot = await query<{ kind: string; user_id: number | null }>(
      t,
      sql`SELECT data_json->>'automatic' AS kind, user_id FROM messages WHERE ticket_id = ${await s.ticketId()} AND from_me`,
    );
    expect(bot).toEqual([{ kind: 'ai', user_id: null }]);
    const [used] = await query<{ total: number }>(
      t,
      sql`SELECT sum(total_tokens)::int AS total FROM ai_usage WHERE company_id = ${s.tenant.companyId}`,
    );
    expect(used.total).toBeGreaterThan(0);
  });

  it('sends the newest maxMessages messages in order, customer as user and bot as assistant', async () => {
    const s = await scene({ maxMessages: 3 });
    standin.chat.answers.push('Temos sim.');
    await s.says('m1 oi');
    expect(await s.modelTurn()).toEqual(['Temos sim.']);
    await s.says('m2 tem azul?');
    await s.says('m3 e verde?');
    standin.chat.answers.push('Azul e verde, sim.');
    await s.modelTurn();
    expect(standin.chat.last()!.messages.slice(1)).toEqual([
      { role: 'assistant', content: 'Temos sim.' },
      { role: 'user', content: 'm2 tem azul?' },
      { role: 'user', content: 'm3 e verde?' },
    ]);
  });

  it('answers once when the job runs twice', async () => {
    const s = await scene();
    standin.chat.answers.push('Uma resposta só.', 'Segunda (nunca)');
    await s.says('Olá');
    expect(await s.modelTurn(2)).toEqual(['Uma resposta só.']);
    expect(standin.chat.requests).toHaveLength(1);
  });

  it('"quero falar com atendente" hands over to the queue without asking the model', async () => {
    const s = await scene();
    await s.says('Oi');
    await s.modelTurn();
    const before = standin.chat.requests.length;
    await s.says('quero falar com atendente');
    expect(await ticketRow(t, await s.ticketId())).toMatchObject({
      isBot: false,
      promptId: null,
      queueId: s.queueId,
      status: 'pending',
    });
    expect(await s.modelTurn()).toEqual([]);
    expect(standin.chat.requests.length).toBe(before);
    expect((await s.logs()).at(-1)).toEqual({ type: 'aiHandover', reason: 'customer asked for an attendant' });
    // From now on the customer waits for an attendant: the model is not asked again.
    await s.says('alô?');
    expect(await s.modelTurn()).toEqual([]);
    expect(standin.chat.requests.length).toBe(before);
  });

  it('the model’s #TRANSFER hands over after sending what came before it', async () => {
    const s = await scene();
    standin.chat.answers.push('Vou chamar um especialista. #TRANSFER');
    await s.says('Quero negociar um contrato grande');
    expect(await s.modelTurn()).toEqual(['Vou chamar um especialista.']);
    expect(await ticketRow(t, await s.ticketId())).toMatchObject({ isBot: false, promptId: null });
    expect((await s.logs()).at(-1)).toEqual({ type: 'aiHandover', reason: 'the model asked for an attendant' });
  });

  it('a failing provider hands over with the reason in the ticket log', async () => {
    const s = await scene();
    standin.chat.fail(500);
    await s.says('Olá');
    await s.modelTurn();
    expect(await ticketRow(t, await s.ticketId())).toMatchObject({ isBot: false, promptId: null, queueId: s.queueId });
    const last = (await s.logs()).at(-1)!;
    expect(last.type).toBe('aiHandover');
    expect(last.reason).toContain('HTTP 500');
    const [turn] = await query<{ outcome: string }>(t, sql`SELECT outcome FROM ai_usage WHERE ticket_id = ${await s.ticketId()}`);
    expect(turn.outcome).toBe('failed');
  });

  it('with a voice, the reply goes as a voice note synthesized by the speech service', async () => {
    const s = await scene({ voice: 'pt-BR-FranciscaNeural', voiceKey: 'voz-123', voiceRegion: 'brazilsouth' });
    standin.chat.answers.push('Olá! Posso ajudar?');
    await s.says('Oi');
    expect(await s.modelTurn()).toEqual(['[audio]']);
    expect(standin.chat.speech).toHaveLength(1);
    expect(standin.chat.speech[0].key).toBe('voz-123');
    expect(standin.chat.speech[0].ssml).toContain('Olá! Posso ajudar?');
    const [m] = await query<{ media_type: string }>(
      t,
      sql`SELECT media_type FROM messages WHERE ticket_id = ${await s.ticketId()} AND from_me`,
    );
    expect(m.media_type).toBe('audio');
    // It reached the Graph stand-in as an audio message whose media is the synthesized Ogg/Opus voice.
    const sent = standin.sent.filter((x) => x.to === s.from).at(-1)!;
    expect(sent.type).toBe('audio');
    const mediaId = (sent.body.audio as { id?: string }).id!;
    expect(Buffer.from(standin.media.get(mediaId)!.data).subarray(0, 4).toString('latin1')).toBe('OggS');
  });
});

describe('a customer’s audio', () => {
  it('is transcribed first with the platform’s audio key, and the model answers the transcription', async () => {
    const s = await scene();
    await setAudioKey('sk-audio-9876');
    await transcriptionWill({ text: 'Vocês entregam no sábado?' });
    standin.chat.answers.push('Entregamos sim, até as 14h.');
    const transcriptions = () => standin.requests.filter((r) => r.path === '/v1/audio/transcriptions');
    const before = transcriptions().length;
    const audioId = await s.saysAudio();
    expect(await s.modelTurn()).toEqual(['Entregamos sim, até as 14h.']);
    const calls = transcriptions().slice(before);
    expect(calls).toHaveLength(1);
    expect(calls[0].authorization).toBe('Bearer sk-audio-9876');
    expect(calls[0].body).toMatchObject({ model: 'whisper-1', file: { size: tinyOgg().length, type: 'audio/ogg' } });
    expect(standin.chat.last()!.messages.slice(1)).toEqual([{ role: 'user', content: 'Vocês entregam no sábado?' }]);
    const [kept] = await query<{ t: string }>(
      t,
      sql`SELECT data_json->>'transcription' AS t FROM messages WHERE id = ${audioId}`,
    );
    expect(kept.t).toBe('Vocês entregam no sábado?');
  });

  it('waits for its download before the turn (the job comes back later), then is transcribed', async () => {
    const s = await scene();
    await setAudioKey('sk-audio-9876');
    await transcriptionWill({ text: 'Qual o horário?' });
    standin.chat.answers.push('Das 8h às 18h.');
    const audioId = await s.saysAudio({ download: false });
    // Not downloaded yet: no hand-over, no model call; the turn is sent again with a delay.
    expect(await s.modelTurn()).toEqual([]);
    expect(standin.chat.requests).toHaveLength(0);
    expect(await ticketRow(t, await s.ticketId())).toMatchObject({ isBot: true, promptId: s.promptId });
    const [again] = await query<{ n: number }>(
      t,
      sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'prompts.reply' AND data->>'ticketId' = ${String(await s.ticketId())} AND (data->>'waited')::int = 1`,
    );
    expect(again.n).toBe(1);
    await downloadAudio(audioId);
    expect(await s.modelTurn()).toEqual(['Das 8h às 18h.']);
  });

  it('a failing transcription hands over with the reason in the ticket log, without asking the model', async () => {
    const s = await scene();
    await setAudioKey('sk-audio-9876');
    await transcriptionWill({ fail: true });
    await s.saysAudio();
    expect(await s.modelTurn()).toEqual([]);
    expect(standin.chat.requests).toHaveLength(0);
    expect(await ticketRow(t, await s.ticketId())).toMatchObject({ isBot: false, promptId: null, queueId: s.queueId });
    expect((await s.logs()).at(-1)).toEqual({ type: 'aiHandover', reason: 'audio transcription failed: HTTP 500 server_error' });
  });

  it('without an audio key, the ticket goes to an attendant with the reason', async () => {
    const s = await scene();
    await setAudioKey('');
    await s.saysAudio();
    expect(await s.modelTurn()).toEqual([]);
    expect(await ticketRow(t, await s.ticketId())).toMatchObject({ isBot: false, promptId: null });
    expect((await s.logs()).at(-1)).toEqual({ type: 'aiHandover', reason: 'audio not transcribed (no audio key)' });
  });
});

describe('a connection with an AI prompt', () => {
  it('answers new tickets instead of the queue menu, in the prompt’s sector', async () => {
    const tenant = await createTenant(t);
    const qa = await addQueue(tenant, 'Pedidos');
    const qb = await addQueue(tenant, 'Trocas');
    const promptId = await promptFor(tenant, qb.id);
    await t.database.db.update(queues).set({ promptId: null }).where(eq(queues.id, qb.id));
    const conn = await connection(tenant, [qa.id, qb.id], { greetingMessage: '' });
    await t.database.db.update(whatsapps).set({ promptId }).where(eq(whatsapps.id, conn.id));
    const from = newNumber();
    await deliver(t, conn, [inbound.text({ from, body: 'Quero trocar um produto' })], [{ waId: from, name: 'Rui' }]);
    const [row] = await t.database.db.select().from(tickets).where(eq(tickets.companyId, tenant.companyId));
    expect(row).toMatchObject({ promptId, isBot: true, queueId: qb.id });
    standin.chat.answers.push('Claro, qual o número do pedido?');
    await t.deps.jobs.runNow(promptReplyJob, { companyId: tenant.companyId, ticketId: row.id });
    const [m] = await query<{ body: string }>(t, sql`SELECT body FROM messages WHERE ticket_id = ${row.id} AND from_me`);
    expect(m.body).toBe('Claro, qual o número do pedido?');
  });
});
