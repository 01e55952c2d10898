import { Writable } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import { createLogger } from './logger';

function sink() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  return { lines, stream: stream as unknown as NodeJS.WritableStream & { write(s: string): boolean } };
}

describe('createLogger (issue 16: readable logs at a terminal)', () => {
  it('writes JSON lines when not at a terminal', async () => {
    const out = sink();
    const log = createLogger({ level: 'info', pretty: false }, out.stream);
    log.info({ reqId: 'req-1' }, 'server listening');
    await new Promise((r) => setImmediate(r));
    const parsed = JSON.parse(out.lines[0]!);
    expect(parsed).toMatchObject({ level: 30, msg: 'server listening', reqId: 'req-1' });
  });

  it('writes human-readable lines at a terminal', async () => {
    const out = sink();
    const log = createLogger({ level: 'info', pretty: true }, out.stream);
    log.warn({ reqId: 'req-2' }, 'slow query');
    await vi.waitFor(() => expect(out.lines.join('\n')).toContain('reqId: "req-2"'));
    const text = out.lines.join('\n');
    expect(text).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] WARN: slow query/);
    expect(text).toContain('reqId: "req-2"');
    expect(() => JSON.parse(out.lines[0]!)).toThrow();
  });

  it('keeps the level filter', async () => {
    const out = sink();
    const log = createLogger({ level: 'warn', pretty: true }, out.stream);
    log.info('not shown');
    log.warn('sentinel'); // written after the info line would have been
    await vi.waitFor(() => expect(out.lines.join('\n')).toContain('sentinel'));
    expect(out.lines.join('\n')).not.toContain('not shown');
  });
});
