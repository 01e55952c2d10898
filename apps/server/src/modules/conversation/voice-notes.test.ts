/**
 * Voice notes (seed 000 §9, issue 37 item 12), with a real ffmpeg: the composer's MP3 goes as M4A (AAC in MP4) on
 * Facebook/Instagram — the Graph stand-in refuses an Instagram audio that is not aac/m4a/wav/mp4 by its bytes — and as
 * MP3 on the WhatsApp Cloud API; a stored ogg answers an MP3 variant at `<name>.mp3` under the ogg's own access rules.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type GraphStandin, inbound, messenger, type StandinPage, startGraphStandin } from '@atendo/graph-standin';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, createTenant, createTestApp, type Tenant, type TestContext } from '../../../test/harness';
import { createCloudConnection, deliver as deliverCloud, playsMeta, query } from '../../../test/messaging';
import { ffmpegPath } from '../../platform/ffmpeg';
import { MediaStorage } from '../../platform/media';
import { sendMessageJob } from '../messages/messages.public';

const APP_ID = '424242';
const SECRET = 'meta-app-secret-for-voice';

let standin: GraphStandin;
let t: TestContext;
let url: string;
let a: Tenant;
let b: Tenant;
let page: StandinPage;
let fbConnectionId: number;
let igConnectionId: number;
let work: string;
let mp3: Buffer;
let ogg: Buffer;

const isMp4 = (b: Buffer | Uint8Array) => Buffer.from(b).subarray(4, 8).toString('latin1') === 'ftyp';
const isMp3 = (b: Buffer | Uint8Array) => {
  const x = Buffer.from(b);
  return x.subarray(0, 3).toString('latin1') === 'ID3' || (x[0] === 0xff && (x[1] & 0xe0) === 0xe0);
};

/** Two seconds of a tone, made by the same ffmpeg the server runs. */
function tone(format: 'mp3' | 'ogg'): Buffer {
  const out = path.join(work, `tone.${format}`);
  const codec = format === 'mp3' ? ['-c:a', 'libmp3lame', '-b:a', '128k'] : ['-c:a', 'libopus', '-b:a', '32k'];
  execFileSync(ffmpegPath() as string, [
    '-hide_banner',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440:duration=2',
    ...codec,
    '-y',
    out,
  ]);
  return readFileSync(out);
}

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'atendo-voice-'));
  mp3 = tone('mp3');
  ogg = tone('ogg');
  standin = playsMeta(await startGraphStandin({ appSecret: SECRET, appId: APP_ID }));
  t = await createTestApp({
    env: { GRAPH_API_URL: standin.url, FACEBOOK_APP_ID: APP_ID, FACEBOOK_APP_SECRET: SECRET, FACEBOOK_VERIFY_TOKEN: 'v' },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  a = await createTenant(t);
  b = await createTenant(t);
  page = standin.addPage({ name: 'Loja da Voz', instagram: { username: 'lojadavoz' } });
  const fb = await t.app.inject({
    method: 'POST',
    url: '/facebook',
    headers: bearer(a.adminToken),
    payload: { facebookUserId: '2001', facebookUserToken: 'EAAvoicetoken1' },
  });
  fbConnectionId = fb.json()[0].id;
  const ig = await t.app.inject({
    method: 'POST',
    url: '/facebook',
    headers: bearer(a.adminToken),
    payload: { facebookUserId: '2001', facebookUserToken: 'EAAvoicetoken2', addInstagram: true },
  });
  igConnectionId = (ig.json() as { id: number; channel: string }[]).find((c) => c.channel === 'instagram')?.id as number;
});
afterAll(async () => {
  await t?.close();
  await standin?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

async function openTicket(where: { connectionId: number; customer: string }) {
  const [row] = await query<{ id: number }>(
    t,
    sql`SELECT t.id::float8 AS id FROM tickets t JOIN contacts c ON c.id = t.contact_id
        WHERE t.whatsapp_id = ${where.connectionId} AND c.number = ${where.customer}`,
  );
  await t.database.db.execute(sql`UPDATE tickets SET status = 'open', user_id = ${a.userId} WHERE id = ${row.id}`);
  return row.id;
}

async function openMessengerTicket(object: 'page' | 'instagram', connectionId: number, customer: string) {
  const entryId = object === 'instagram' ? (page.instagram?.id ?? '') : page.id;
  await standin.deliverMessenger(object, entryId, [messenger.text({ from: customer, to: entryId, text: 'oi' })], {
    url: `${url}/webhooks/facebook`,
  });
  return openTicket({ connectionId, customer });
}

/** The composer's request: the recording as `medias` and `voice=true` (MessageInput → useSendFiles). */
function sendVoice(ticketId: number, data: Buffer, opts: { voice?: boolean; token?: string } = {}) {
  const boundary = '----atendo-voice';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="medias"; filename="audio-2026.mp3"\r\nContent-Type: audio/mpeg\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}\r\nContent-Disposition: form-data; name="body"\r\n\r\n\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="voice"\r\n\r\n${opts.voice ?? true}\r\n`),
    Buffer.from(`--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url: `/messages/${ticketId}`,
    headers: { ...bearer(opts.token ?? a.userToken), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
}

const rowOf = async (id: number) =>
  (
    await query<{ media_url: string; media_mime_type: string; media_name: string; ack: number; send_error: string | null }>(
      t,
      sql`SELECT media_url, media_mime_type, media_name, ack, send_error FROM messages WHERE id = ${id}`,
    )
  )[0];

/** The file part of a Send API call as the stand-in recorded it (its first bytes in hex). */
function filedataOf(sent: { body: unknown } | undefined) {
  const filedata = (sent?.body as { filedata?: { type: string; filename: string; head: string } } | undefined)?.filedata;
  if (!filedata) throw new Error('no file was sent');
  return filedata;
}

const filesOf = (companyId: number) => {
  const dir = path.join(t.deps.config.mediaDir, String(companyId), 'media');
  return existsSync(dir) ? readdirSync(dir) : [];
};

describe('a voice note is sent in its channel’s format', () => {
  it('Instagram: converted to M4A before it is stored and sent; the stand-in gets AAC in MP4', async () => {
    const ticketId = await openMessengerTicket('instagram', igConnectionId, '7701');
    const res = await sendVoice(ticketId, mp3);
    expect(res.statusCode).toBe(200);
    const id = res.json().id as number;
    const row = await rowOf(id);
    expect(row.media_url).toMatch(/\.m4a$/);
    expect(row.media_mime_type).toBe('audio/mp4');
    expect(row.media_name).toBe('audio-2026.m4a');
    const stored = readFileSync(path.join(t.deps.config.mediaDir, row.media_url));
    expect(isMp4(stored)).toBe(true);
    expect(stored.subarray(8, 12).toString('latin1')).toBe('M4A ');
    // the uploaded MP3 is not kept beside it
    expect(filesOf(a.companyId).filter((f) => f.endsWith('.mp3'))).toEqual([]);

    await t.deps.jobs.runNow(sendMessageJob, { messageId: id, companyId: a.companyId, attempt: 1 });
    const sent = standin.messengerSent.find((s) => s.recipient === '7701' && s.message?.attachment);
    expect(sent?.platform).toBe('instagram');
    expect(sent?.message).toMatchObject({ attachment: { type: 'audio' } });
    const filedata = filedataOf(sent);
    expect(filedata.type).toBe('audio/mp4');
    expect(filedata.filename).toMatch(/\.m4a$/);
    expect(isMp4(Buffer.from(filedata.head, 'hex'))).toBe(true);
    expect((await rowOf(id)).ack).toBe(1);
  });

  it('Facebook: M4A as well', async () => {
    const ticketId = await openMessengerTicket('page', fbConnectionId, '7702');
    const res = await sendVoice(ticketId, mp3);
    expect(res.statusCode).toBe(200);
    await t.deps.jobs.runNow(sendMessageJob, { messageId: res.json().id, companyId: a.companyId, attempt: 1 });
    const sent = standin.messengerSent.find((s) => s.recipient === '7702' && s.message?.attachment);
    expect(sent?.platform).toBe('messenger');
    const filedata = filedataOf(sent);
    expect(filedata.type).toBe('audio/mp4');
    expect(isMp4(Buffer.from(filedata.head, 'hex'))).toBe(true);
  });

  it('the stand-in is faithful: an MP3 sent as an Instagram audio is refused (why the conversion exists)', async () => {
    const ticketId = await openMessengerTicket('instagram', igConnectionId, '7703');
    // Not a voice note: an attached MP3 file is sent as it is, and Instagram refuses it.
    const res = await sendVoice(ticketId, mp3, { voice: false });
    expect(res.statusCode).toBe(200);
    const id = res.json().id as number;
    expect((await rowOf(id)).media_mime_type).toBe('audio/mpeg');
    await t.deps.jobs.runNow(sendMessageJob, { messageId: id, companyId: a.companyId, attempt: 1 }).catch(() => undefined);
    const row = await rowOf(id);
    expect(row.ack).toBe(0);
    expect(row.send_error).toMatch(/Unsupported audio format/);
  });

  it('WhatsApp Cloud API: MP3 as audio/mpeg, uploaded as recorded', async () => {
    const conn = await createCloudConnection(t, a);
    await deliverCloud(t, conn, [inbound.text({ from: '5511977770001', body: 'oi' })]);
    const ticketId = await openTicket({ connectionId: conn.id, customer: '5511977770001' });
    const res = await sendVoice(ticketId, mp3);
    expect(res.statusCode).toBe(200);
    const id = res.json().id as number;
    const row = await rowOf(id);
    expect(row.media_url).toMatch(/\.mp3$/);
    expect(row.media_mime_type).toBe('audio/mpeg');
    const uploadsBefore = new Set(standin.media.keys());
    await t.deps.jobs.runNow(sendMessageJob, { messageId: id, companyId: a.companyId, attempt: 1 });
    const upload = [...standin.media.values()].find((m) => m.origin === 'upload' && !uploadsBefore.has(m.id));
    expect(upload?.mimeType).toBe('audio/mpeg');
    expect(isMp3(upload?.data ?? new Uint8Array())).toBe(true);
    expect(Buffer.from(upload?.data ?? []).equals(mp3)).toBe(true);
    const sent = standin.sent.find((s) => s.to === '5511977770001' && s.type === 'audio');
    expect(sent?.body).toMatchObject({ type: 'audio', audio: { id: upload?.id } });
  });

  it('a recording ffmpeg cannot read is refused with ERR_AUDIO_CONVERSION and nothing stays on disk', async () => {
    const ticketId = await openMessengerTicket('instagram', igConnectionId, '7704');
    const before = filesOf(a.companyId);
    // MP3 by its first bytes (an ID3 tag that claims 2 MB, longer than the file), then noise: stored as audio/mpeg,
    // unreadable as audio.
    const broken = Buffer.concat([Buffer.from('ID3\u0004\u0000\u0000\u0000\u007f\u007f\u007f'), Buffer.alloc(20_000, 7)]);
    const res = await sendVoice(ticketId, broken);
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toBe('ERR_AUDIO_CONVERSION');
    expect(filesOf(a.companyId)).toEqual(before);
  });
});

describe('MediaStorage.convertAudio', () => {
  it('errs clearly without a runnable ffmpeg or past its timeout, keeping the original and no work file', async () => {
    const noFfmpeg = new MediaStorage({
      dir: t.deps.config.mediaDir,
      baseUrl: 'http://x',
      secret: 's'.repeat(32),
      ffmpegPath: path.join(work, 'no-such-ffmpeg'),
    });
    const stored = await t.deps.media.saveBuffer(a.companyId, 'media', mp3, { mimetype: 'audio/mpeg' });
    await expect(noFfmpeg.convertAudio(stored, 'm4a')).rejects.toMatchObject({
      code: 'ERR_AUDIO_CONVERSION',
      details: { reason: 'unavailable' },
    });
    await expect(t.deps.media.convertAudio(stored, 'm4a', { timeoutMs: 1 })).rejects.toMatchObject({
      code: 'ERR_AUDIO_CONVERSION',
      details: { reason: 'timeout' },
    });
    expect(existsSync(path.join(t.deps.config.mediaDir, stored.path))).toBe(true);
    expect(filesOf(a.companyId).filter((f) => f.startsWith('.'))).toEqual([]);
    await t.deps.media.remove(stored.path);
  });
});

describe('GET /media/…/<name>.mp3 of a stored ogg (iOS playback)', () => {
  it('answers MP3 bytes, made once and kept beside the ogg, through the ogg’s signed link or a token of the company', async () => {
    const changes: { bytes: number; files: number }[] = [];
    t.deps.media.onChange((companyId, bytes, files) => {
      if (companyId === a.companyId) changes.push({ bytes, files });
    });
    const stored = await t.deps.media.saveBuffer(a.companyId, 'media', ogg, { mimetype: 'audio/ogg; codecs=opus' });
    expect(stored.path).toMatch(/\.ogg$/);
    const signed = new URL(t.deps.media.url(stored.path));
    const variantUrl = `${signed.pathname.replace(/\.ogg$/, '.mp3')}${signed.search}`;
    const res = await t.app.inject({ method: 'GET', url: variantUrl });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('audio/mpeg');
    expect(isMp3(res.rawPayload)).toBe(true);
    const variant = path.join(t.deps.config.mediaDir, stored.path.replace(/\.ogg$/, '.mp3'));
    expect(existsSync(variant)).toBe(true);
    const made = readFileSync(variant);
    expect(res.rawPayload.equals(made)).toBe(true);
    // kept: a second play is the same file, not a second conversion
    const again = await t.app.inject({ method: 'GET', url: variantUrl, headers: { range: 'bytes=0-9' } });
    expect(again.statusCode).toBe(206);
    expect(again.rawPayload.equals(made.subarray(0, 10))).toBe(true);
    const byToken = await t.app.inject({
      method: 'GET',
      url: signed.pathname.replace(/\.ogg$/, '.mp3'),
      headers: bearer(a.userToken),
    });
    expect(byToken.statusCode).toBe(200);
    // no work file left
    expect(filesOf(a.companyId).filter((f) => f.startsWith('.'))).toEqual([]);
    // removing the ogg removes its variant
    await t.deps.media.remove(stored.path);
    expect(existsSync(variant)).toBe(false);
    // the company's media size counted the variant when made and uncounts it with the ogg
    await vi.waitFor(() => expect(changes.map((c) => c.files)).toEqual([1, 1, -1, -1])); // listeners run on a microtask
    expect(changes.reduce((sum, c) => sum + c.bytes, 0)).toBe(0);
  });

  it('refuses another company’s token, a missing or wrong signature, and an ogg link used on another file', async () => {
    const stored = await t.deps.media.saveBuffer(a.companyId, 'media', ogg, { mimetype: 'audio/ogg' });
    const signed = new URL(t.deps.media.url(stored.path));
    const mp3Path = signed.pathname.replace(/\.ogg$/, '.mp3');
    const other = await t.app.inject({ method: 'GET', url: `${mp3Path}${signed.search}`, headers: bearer(b.userToken) });
    expect(other.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: mp3Path })).statusCode).toBe(404);
    const forged = `${mp3Path}?exp=${signed.searchParams.get('exp')}&sig=${'A'.repeat(43)}`;
    expect((await t.app.inject({ method: 'GET', url: forged })).statusCode).toBe(404);
    // nothing was converted for the refused requests
    expect(existsSync(path.join(t.deps.config.mediaDir, stored.path.replace(/\.ogg$/, '.mp3')))).toBe(false);
    // an ogg's link opens its own variant only: another stored MP3 stays closed to it
    const mp3Stored = await t.deps.media.saveBuffer(a.companyId, 'media', mp3, { mimetype: 'audio/mpeg' });
    const otherName = mp3Stored.path.split('/').pop() as string;
    const crossed = `${path.posix.dirname(signed.pathname)}/${otherName}${signed.search}`;
    expect((await t.app.inject({ method: 'GET', url: crossed })).statusCode).toBe(404);
  });
});
