import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BaileysStandin, startBaileysStandin } from './index';

/** A raw client of the stand-in's wire (what apps/server's standin-socket.ts speaks). */
function client(url: string, connectionId: number, owner: string) {
  const { hostname, port } = new URL(url);
  const socket = net.connect(Number(port), hostname);
  const received: { t: string; event?: string; payload?: Record<string, unknown>; rid?: number; result?: unknown }[] = [];
  let buffered = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    buffered += chunk;
    for (let nl = buffered.indexOf('\n'); nl >= 0; nl = buffered.indexOf('\n')) {
      received.push(JSON.parse(buffered.slice(0, nl)));
      buffered = buffered.slice(nl + 1);
    }
  });
  socket.on('connect', () => socket.write(`${JSON.stringify({ t: 'hello', connectionId, owner })}\n`));
  return {
    received,
    call: (rid: number, method: string, args: unknown[]) => socket.write(`${JSON.stringify({ t: 'call', rid, method, args })}\n`),
    closed: new Promise<void>((r) => socket.on('close', () => r())),
    end: () => socket.end(),
  };
}

const until = async (check: () => boolean) => {
  const end = Date.now() + 3_000;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
};

describe('baileys stand-in', () => {
  let standin: BaileysStandin;
  beforeAll(async () => {
    standin = await startBaileysStandin();
  });
  afterAll(() => standin.close());

  it('pairs a device, delivers messages, records and holds sends, and replaces a socket by the next one (440)', async () => {
    const one = client(standin.url, 5, 'api-1-1');
    await until(() => standin.devices.get(5)?.owner === 'api-1-1');
    standin.pair(5, '5511900001111');
    await until(() => one.received.length === 3);
    expect(one.received.map((m) => m.payload)).toMatchObject([
      { qr: expect.any(String) },
      { isNewLogin: true },
      { connection: 'open' },
    ]);
    const id = standin.deliverText(5, { from: '5511988880000', body: 'oi' });
    await until(() => one.received.length === 4);
    expect(one.received[3]).toMatchObject({ event: 'messages.upsert', payload: { type: 'notify', messages: [{ key: { id } }] } });

    one.call(1, 'sendMessage', ['5511988880000@s.whatsapp.net', { text: 'olá' }]);
    standin.holdNextSend('segura');
    one.call(2, 'sendMessage', ['5511988880000@s.whatsapp.net', { text: 'segura' }]);
    await until(() => standin.held.length === 1 && one.received.some((m) => m.rid === 1));
    expect(standin.sent).toMatchObject([{ owner: 'api-1-1', content: { text: 'olá' } }]);
    expect(one.received.some((m) => m.rid === 2)).toBe(false);

    // Another process dials for the same device: the paired device opens at once, the old socket is replaced.
    const two = client(standin.url, 5, 'api-2-2');
    await until(() => two.received.length === 1);
    expect(two.received[0]).toMatchObject({ event: 'connection.update', payload: { connection: 'open' } });
    await one.closed;
    expect(one.received.at(-1)).toMatchObject({
      payload: { connection: 'close', lastDisconnect: { error: { output: { statusCode: 440 } } } },
    });
    expect(standin.devices.get(5)).toMatchObject({ owner: 'api-2-2', owners: ['api-1-1', 'api-2-2'] });
    two.end();
    await two.closed;
    await until(() => standin.devices.get(5)?.owner === null);
  });
});
