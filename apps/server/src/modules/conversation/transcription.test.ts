/** The transcription call goes through the guarded outbound fetch: private addresses are refused before any byte is sent. */

import { mkdtemp, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors';
import { createSafeFetch } from '../../platform/safe-fetch';
import { transcribe, transcriptionFailure } from './transcription';

let server: http.Server;
let port = 0;
let hits = 0;
let file = '';
beforeAll(async () => {
  server = http.createServer((_req, res) => {
    hits += 1;
    // Answers after 2 s: longer than the test's timeout.
    setTimeout(() => res.end('{"text":"tarde demais"}'), 2000).unref();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  file = path.join(await mkdtemp(path.join(tmpdir(), 'atendo-tr-')), 'voz.ogg');
  await writeFile(file, Buffer.from('OggS0000'));
});
afterAll(() => server?.close());

const call = (allowHosts: string[], timeoutMs?: number) =>
  transcribe({
    file,
    mimeType: 'audio/ogg',
    apiUrl: `http://127.0.0.1:${port}/v1`,
    apiKey: 'sk-x',
    fetch: createSafeFetch({ allowHosts }),
    timeoutMs,
  }).catch((e: unknown) => e);

describe('transcribe through the outbound guard', () => {
  it('refuses a loopback provider URL unless OUTBOUND_ALLOWED_HOSTS lets it through, and nothing is sent', async () => {
    const refused = await call([]);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).details).toEqual({ reason: 'address' });
    expect(hits).toBe(0);
    expect(transcriptionFailure(refused)).toBe('audio transcription failed: provider address refused (not public)');
  });

  it('gives up after its timeout with reason timeout', async () => {
    const late = await call([`127.0.0.1:${port}`], 300);
    expect(hits).toBe(1);
    expect((late as AppError).code).toBe('ERR_TRANSCRIPTION_FAILED');
    expect(transcriptionFailure(late)).toBe('audio transcription failed: timeout');
  });
});
