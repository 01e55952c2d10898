import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTypebotStandin, type TypebotStandin, typebotMedia, typebotText, typebotTextInput } from './typebot-server';

let tb: TypebotStandin;
beforeAll(async () => {
  tb = await startTypebotStandin({ slugs: ['vendas'] });
});
afterAll(async () => tb?.close());

const post = (path: string, body: unknown) =>
  fetch(`${tb.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('typebot stand-in', () => {
  it('runs a scripted flow through startChat and continueChat in the v1 wire format', async () => {
    tb.setFlow(({ turn, message }) =>
      turn === 0
        ? { messages: [typebotText('Olá!'), typebotMedia('image', 'https://cdn.example/a.png')], input: typebotTextInput() }
        : { messages: [typebotText(`Você disse ${message}`)], end: true },
    );
    const start = await post('/api/v1/typebots/vendas/startChat', { isStreamEnabled: false });
    expect(start.status).toBe(200);
    const s = (await start.json()) as { sessionId: string; messages: { type: string; content: unknown }[]; input?: unknown };
    expect(s.messages.map((m) => m.type)).toEqual(['text', 'image']);
    expect(s.messages[0].content).toEqual({ type: 'richText', richText: [{ type: 'p', children: [{ text: 'Olá!' }] }] });
    expect(s.input).toBeTruthy();
    const next = await post(`/api/v1/sessions/${s.sessionId}/continueChat`, { message: 'oi' });
    expect(((await next.json()) as { messages: unknown[] }).messages).toHaveLength(1);
    expect((await post(`/api/v1/sessions/${s.sessionId}/continueChat`, { message: 'de novo' })).status).toBe(404);
    expect((await post('/api/v1/typebots/outro/startChat', {})).status).toBe(404);
    expect(tb.calls.map((c) => c.kind)).toEqual(['startChat', 'continueChat', 'continueChat']);
  });

  it('serves the files its media bubbles point to: a real PNG by default, others added per test', async () => {
    const png = await fetch(tb.fileUrl('cardapio.png'));
    expect([png.status, png.headers.get('content-type')]).toEqual([200, 'image/png']);
    expect(
      Buffer.from(await png.arrayBuffer())
        .subarray(1, 4)
        .toString('latin1'),
    ).toBe('PNG');
    const url = tb.addFile('falso.png', Buffer.from('<html>not an image</html>'), 'image/png');
    expect(await (await fetch(url)).text()).toBe('<html>not an image</html>');
    expect((await fetch(tb.fileUrl('nada.png'))).status).toBe(404);
    expect(tb.fetched).toEqual(['cardapio.png', 'falso.png', 'nada.png']);
  });
});
