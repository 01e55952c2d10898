import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type GraphStandin, startGraphStandin } from './server';

// biome-ignore lint/suspicious/noExplicitAny: answers read as loose JSON
type Any = any;
const j = async (r: Response | Promise<Response>): Promise<Any> => (await r).json();

let standin: GraphStandin;
beforeAll(async () => {
  standin = await startGraphStandin({ appSecret: 'x' });
});
afterAll(async () => standin?.close());
beforeEach(() => standin.chat.reset());

const complete = (body: unknown, key = 'sk-test') =>
  fetch(`${standin.url}/v1/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    body: JSON.stringify(body),
  });

const ask = {
  model: 'gpt-4o-mini',
  temperature: 1,
  max_tokens: 100,
  messages: [
    { role: 'system', content: 'Seja breve.' },
    { role: 'user', content: 'Oi' },
  ],
};

describe('chat completions stand-in', () => {
  it('answers in OpenAI’s format, from the queue of answers, then echoing; records the request', async () => {
    standin.chat.answers.push('Olá! Em que posso ajudar?');
    const res = await complete(ask);
    expect(res.status).toBe(200);
    const body = await j(res);
    expect(body).toMatchObject({
      object: 'chat.completion',
      model: 'gpt-4o-mini',
      choices: [{ index: 0, message: { role: 'assistant', content: 'Olá! Em que posso ajudar?' }, finish_reason: 'stop' }],
    });
    expect(body.id).toMatch(/^chatcmpl-/);
    expect(body.usage.total_tokens).toBe(body.usage.prompt_tokens + body.usage.completion_tokens);
    expect(standin.chat.last()).toMatchObject({ model: 'gpt-4o-mini', max_tokens: 100, temperature: 1, messages: ask.messages });
    expect((await j(complete(ask))).choices[0].message.content).toBe('Resposta da IA: Oi');
    standin.chat.respond = (r) => `eco ${r.messages.length}`;
    expect((await j(complete(ask))).choices[0].message.content).toBe('eco 2');
  });

  it('fails on demand with OpenAI’s error bodies, and refuses a call without a key or messages', async () => {
    standin.chat.fail(500);
    const down = await complete(ask);
    expect(down.status).toBe(500);
    expect((await j(down)).error.type).toBe('server_error');
    standin.chat.fail(401);
    const denied = await complete(ask);
    expect(denied.status).toBe(401);
    expect((await j(denied)).error.code).toBe('invalid_api_key');
    expect((await complete(ask)).status).toBe(200);
    expect((await complete(ask, '')).status).toBe(401);
    expect((await complete({ model: 'x', messages: [] })).status).toBe(400);
  });

  it('is scriptable over HTTP (another process: the e2e server)', async () => {
    await fetch(`${standin.url}/_standin/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ answers: ['por HTTP'] }),
    });
    expect((await j(complete(ask))).choices[0].message.content).toBe('por HTTP');
    const state = await j(fetch(`${standin.url}/_standin/chat`));
    expect(state.last.messages).toEqual(ask.messages);
  });
});

describe('speech synthesis stand-in', () => {
  it('answers Ogg audio for SSML with a subscription key, 401 without', async () => {
    const ssml = "<speak version='1.0' xml:lang='pt-BR'><voice name='pt-BR-FranciscaNeural'>Olá</voice></speak>";
    const res = await fetch(`${standin.url}/cognitiveservices/v1`, {
      method: 'POST',
      headers: {
        'content-type': 'application/ssml+xml',
        'ocp-apim-subscription-key': 'k',
        'x-microsoft-outputformat': 'ogg-24khz-16bit-mono-opus',
      },
      body: ssml,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('audio/ogg');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(0, 4).toString()).toBe('OggS');
    expect(bytes.includes(Buffer.from('OpusHead'))).toBe(true);
    expect(standin.chat.speech).toEqual([{ ssml, key: 'k' }]);
    const denied = await fetch(`${standin.url}/cognitiveservices/v1`, { method: 'POST', body: ssml });
    expect(denied.status).toBe(401);
  });
});
