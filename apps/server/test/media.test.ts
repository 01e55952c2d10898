import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decideType, MediaStorage, parseStoredPath, sniff } from '../src/platform/media';
import { appWithCompanies, bearer, PNG_1PX, type Tenant, type TestContext } from './harness';

let t: TestContext, a: Tenant, b: Tenant;
beforeAll(async () => {
  [t, a, b] = await appWithCompanies(2);
});
afterAll(async () => t?.close());

const store = (companyId: number, data: Buffer, mimetype = 'image/png') =>
  t.deps.media.save(companyId, 'avatar', Readable.from([data]), { mimetype, filename: 'x.png' });

function pathAndQuery(url: string) {
  const u = new URL(url);
  return u.pathname + u.search;
}

describe('storage', () => {
  it('keeps files under <mediaDir>/<companyId>/<kind>/<random>.<ext>', async () => {
    const stored = await store(a.companyId, PNG_1PX);
    expect(stored.path).toMatch(new RegExp(`^${a.companyId}/avatar/[A-Za-z0-9_-]{22}\\.png$`));
    expect(stored).toMatchObject({ mime: 'image/png', size: PNG_1PX.length });
    expect(existsSync(path.join(t.deps.config.mediaDir, stored.path))).toBe(true);
    // no partial file left behind
    expect(readdirSync(path.join(t.deps.config.mediaDir, String(a.companyId), 'avatar')).some((f) => f.endsWith('.part'))).toBe(
      false,
    );
  });

  it('removes the partial file of a refused upload', async () => {
    await expect(store(a.companyId, Buffer.from('GIF89a-but-declared-as-pdf'), 'application/pdf')).rejects.toMatchObject({
      code: 'ERR_INVALID_FILE_TYPE',
    });
    await expect(
      t.deps.media.save(
        a.companyId,
        'media',
        Readable.from([Buffer.alloc(2048)]),
        { mimetype: 'application/octet-stream' },
        { maxBytes: 1024 },
      ),
    ).rejects.toMatchObject({ code: 'ERR_FILE_TOO_LARGE' });
    for (const kind of ['avatar', 'media']) {
      const dir = path.join(t.deps.config.mediaDir, String(a.companyId), kind);
      if (existsSync(dir)) expect(readdirSync(dir).filter((f) => f.startsWith('.'))).toEqual([]);
    }
  });

  it('never accepts a path that is not exactly <id>/<kind>/<random>.<ext>', () => {
    for (const bad of [
      '../etc/passwd',
      `${a.companyId}/avatar/../../x.png`,
      `${a.companyId}/unknown/abcdefghijklmnopqrstuv.png`,
      `${a.companyId}/avatar/short.png`,
      `/abs/${a.companyId}/avatar/abcdefghijklmnopqrstuv.png`,
      `0/avatar/abcdefghijklmnopqrstuv.png`,
    ]) {
      expect(parseStoredPath(bad)).toBeNull();
      expect(t.deps.media.resolve(bad)).toBeNull();
    }
  });
});

describe('types', () => {
  it('sniffs common formats by their first bytes (file-type), as the types we store', async () => {
    const riff = (form: string) => Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from(form), Buffer.alloc(32)]);
    const ftyp = (brand: string) => Buffer.concat([Buffer.from('\0\0\0\x20ftyp'), Buffer.from(brand), Buffer.alloc(40)]);
    const ogg = (codec: string) =>
      Buffer.concat([Buffer.from('OggS\0\x02'), Buffer.alloc(22), Buffer.from(codec), Buffer.alloc(32)]);
    const cases: [Buffer, string | null][] = [
      [PNG_1PX, 'image/png'],
      [Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]), 'image/jpeg'],
      [Buffer.from('GIF89a\x01\0\x01\0'), 'image/gif'],
      [riff('WEBPVP8 '), 'image/webp'],
      [riff('WAVEfmt '), 'audio/wav'],
      [Buffer.from('%PDF-1.7\n'), 'application/pdf'],
      [ogg('OpusHead'), 'audio/ogg'],
      [ogg('\x01vorbis'), 'audio/ogg'],
      // an ID3 tag, then an MPEG-1 layer III frame; a tag longer than the head is taken as MP3 too
      [
        Buffer.concat([Buffer.from('ID3\x04\0\0\0\0\0\0'), Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.alloc(400)]),
        'audio/mpeg',
      ],
      [Buffer.concat([Buffer.from('ID3\x04\0\0\0\0\x7f\x7f'), Buffer.alloc(64)]), 'audio/mpeg'],
      [ftyp('M4A '), 'audio/mp4'],
      [ftyp('isom'), 'video/mp4'],
      [ftyp('qt  '), 'video/quicktime'],
      [ftyp('3gp4'), 'video/3gpp'],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg">'), null],
      // a zip (docx, xlsx …) and a Windows program are known to file-type but not types we serve
      [Buffer.concat([Buffer.from('PK\x03\x04\x14\0\0\0'), Buffer.alloc(40)]), null],
      [Buffer.concat([Buffer.from('MZ\x90\0'), Buffer.alloc(60)]), null],
    ];
    for (const [head, mime] of cases)
      expect((await sniff(head))?.mime ?? null, head.subarray(0, 12).toString('latin1')).toBe(mime);
  });

  it('general media keeps unknown content as an opaque download, never as HTML or SVG', async () => {
    const html = await decideType('media', Buffer.from('<html></html>'), { mimetype: 'text/html', filename: 'page.html' });
    expect(html).toEqual({ mime: 'application/octet-stream', ext: 'bin' });
    const svg = await decideType('media', Buffer.from('<svg/>'), { mimetype: 'application/octet-stream', filename: 'x.svg' });
    expect(svg.ext).toBe('bin');
    const docx = await decideType('media', Buffer.from('PK\x03\x04'), {
      mimetype: 'application/vnd.openxmlformats',
      filename: 'a.DOCX',
    });
    expect(docx).toEqual({ mime: 'application/octet-stream', ext: 'docx' });
    expect(await decideType('media', Buffer.from('hello, world'), { mimetype: 'text/plain' })).toEqual({
      mime: 'text/plain',
      ext: 'txt',
    });
    // announced as a picture but is not one
    await expect(decideType('media', Buffer.from('MZ\x90\0'), { mimetype: 'image/jpeg' })).rejects.toThrow(
      'ERR_INVALID_FILE_TYPE',
    );
  });
});

describe('GET /media/...', () => {
  it('serves a signed URL without a token, with safe headers', async () => {
    const stored = await store(a.companyId, PNG_1PX);
    const res = await t.app.inject({ method: 'GET', url: pathAndQuery(t.deps.media.url(stored.path)) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain('sandbox');
    expect(res.rawPayload.equals(PNG_1PX)).toBe(true);
  });

  it('gives the same URL within the hour (browser cache) and refuses it once expired', async () => {
    const stored = await store(a.companyId, PNG_1PX);
    expect(t.deps.media.url(stored.path)).toBe(t.deps.media.url(stored.path));
    const expired = t.deps.media.url(stored.path, Date.now() - 4 * 3600_000);
    expect((await t.app.inject({ method: 'GET', url: pathAndQuery(expired) })).statusCode).toBe(404);
  });

  it('answers 404 for a bad or missing signature, or a signature of another file', async () => {
    const one = await store(a.companyId, PNG_1PX);
    const two = await store(a.companyId, PNG_1PX);
    const u = new URL(t.deps.media.url(one.path));
    const sig = u.searchParams.get('sig')!;
    const exp = u.searchParams.get('exp')!;
    for (const url of [
      `/media/${one.path}`,
      `/media/${one.path}?exp=${exp}&sig=${sig.slice(0, -2)}xx`,
      `/media/${one.path}?exp=${Number(exp) + 3600}&sig=${sig}`,
      `/media/${two.path}?exp=${exp}&sig=${sig}`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'ERR_NO_MEDIA_FOUND' });
    }
  });

  it('serves a user of the company by token, and answers 404 to another company even with a valid signature', async () => {
    const stored = await store(a.companyId, PNG_1PX);
    const own = await t.app.inject({ method: 'GET', url: `/media/${stored.path}`, headers: bearer(a.userToken) });
    expect(own.statusCode).toBe(200);
    const other = await t.app.inject({ method: 'GET', url: `/media/${stored.path}`, headers: bearer(b.adminToken) });
    expect(other.statusCode).toBe(404);
    const signedOther = await t.app.inject({
      method: 'GET',
      url: pathAndQuery(t.deps.media.url(stored.path)),
      headers: bearer(b.adminToken),
    });
    expect(signedOther.statusCode).toBe(404);
  });

  it('answers 404 to traversal attempts', async () => {
    for (const url of [
      `/media/${a.companyId}/avatar/..%2F..%2Fjwt-secret`,
      `/media/${a.companyId}/..%2F..%2F/jwt-secret`,
      '/media/..%2F..%2Fetc/passwd/x',
      `/media/${a.companyId}/avatar/%2e%2e%2fjwt-secret.png`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: bearer(a.adminToken) });
      expect([400, 404]).toContain(res.statusCode);
      expect(res.body).not.toContain(t.deps.config.jwtSecret!);
    }
  });

  it('serves byte ranges (audio and video seeking)', async () => {
    const stored = await store(a.companyId, PNG_1PX);
    const res = await t.app.inject({
      method: 'GET',
      url: `/media/${stored.path}`,
      headers: { ...bearer(a.userToken), range: 'bytes=0-7' },
    });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes 0-7/${PNG_1PX.length}`);
    expect(res.rawPayload.equals(PNG_1PX.subarray(0, 8))).toBe(true);
    const bad = await t.app.inject({
      method: 'GET',
      url: `/media/${stored.path}`,
      headers: { ...bearer(a.userToken), range: 'bytes=9999-' },
    });
    expect(bad.statusCode).toBe(416);
  });

  it('serves opaque downloads as attachments', async () => {
    const stored = await t.deps.media.save(a.companyId, 'media', Readable.from([Buffer.from('<html>x</html>')]), {
      mimetype: 'text/html',
      filename: 'x.html',
    });
    const res = await t.app.inject({ method: 'GET', url: pathAndQuery(t.deps.media.url(stored.path)) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.headers['content-disposition']).toMatch(/^attachment/);
  });

  it('signs with a key that verification of another secret refuses', () => {
    const other = new MediaStorage({
      dir: t.deps.config.mediaDir,
      baseUrl: 'http://x',
      secret: 'another-secret-another-secret-xx',
    });
    const u = new URL(other.url(`${a.companyId}/avatar/abcdefghijklmnopqrstuv.png`));
    expect(
      t.deps.media.verify(
        `${a.companyId}/avatar/abcdefghijklmnopqrstuv.png`,
        Number(u.searchParams.get('exp')),
        u.searchParams.get('sig')!,
      ),
    ).toBe(false);
  });
});
