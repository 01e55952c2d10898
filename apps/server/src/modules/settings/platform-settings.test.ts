import { existsSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTenant,
  createTestApp,
  multipart,
  PNG_1PX,
  superAdminToken,
  type Tenant,
  type TestContext,
} from '../../../test/harness';
import { isPkcs12 } from './platform-settings.service';

let t: TestContext;
let a: Tenant;
let root: string;

/** The head of a real PKCS#12 file (SEQUENCE, INTEGER 3) followed by filler. */
const P12 = Buffer.concat([Buffer.from([0x30, 0x82, 0x01, 0x00, 0x02, 0x01, 0x03, 0x30]), Buffer.alloc(256, 7)]);

function post(url: string, token: string, parts: Parameters<typeof multipart>[0]) {
  const form = multipart(parts);
  return t.app.inject({ method: 'POST', url, headers: { ...bearer(token), ...form.headers }, payload: form.payload });
}
const logo = (token: string, mode: string, file: { data: Buffer; filename: string; contentType: string }) =>
  post('/settings-whitelabel/logo', token, [
    { name: 'typeArch', data: 'logo' },
    { name: 'mode', data: mode },
    { name: 'file', ...file },
  ]);
const cert = (token: string, ref: string, file: { data: Buffer; filename: string }) =>
  post(`/settings/cert-upload?ref=${ref}`, token, [{ name: 'file', ...file, contentType: 'application/x-pkcs12' }]);

beforeAll(async () => {
  t = await createTestApp();
  a = await createTenant(t);
  root = await superAdminToken(t);
});
afterAll(async () => t?.close());

describe('white-label logos (seed 001 §7, issue 18 item 4)', () => {
  it('stores a logo checked by its bytes and serves it to the login page through public-settings', async () => {
    const res = await logo(root, 'Light', { data: PNG_1PX, filename: 'marca.png', contentType: 'image/png' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.key).toBe('appLogoLight');
    expect(body.filename).toMatch(/^[\w-]+\.png$/);
    const publicUrl = (await t.app.inject({ method: 'GET', url: '/public-settings/appLogoLight' })).json();
    const url = new URL(publicUrl);
    expect(url.pathname).toMatch(/^\/media\/1\/logo\//);
    // anonymous, as the login page loads it
    const img = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');

    // a new logo replaces the file of the previous one
    const first = path.join(t.deps.media.dir, url.pathname.replace('/media/', ''));
    expect(existsSync(first)).toBe(true);
    expect((await logo(root, 'Light', { data: PNG_1PX, filename: 'nova.png', contentType: 'image/png' })).statusCode).toBe(200);
    expect(existsSync(first)).toBe(false);
    expect((await logo(root, 'Favicon', { data: PNG_1PX, filename: 'fav.png', contentType: 'image/png' })).json().key).toBe(
      'appLogoFavicon',
    );
  });

  it('refuses what is not an image by its bytes, a missing file and an unknown mode', async () => {
    const svg = await logo(root, 'Dark', {
      data: Buffer.from('<svg onload="x()"/>'),
      filename: 'a.png',
      contentType: 'image/png',
    });
    expect(svg.json()).toMatchObject({ error: 'ERR_INVALID_FILE_TYPE' });
    const pdf = await logo(root, 'Dark', { data: Buffer.from('%PDF-1.4 x'), filename: 'a.png', contentType: 'image/png' });
    expect(pdf.json()).toMatchObject({ error: 'ERR_INVALID_FILE_TYPE' });
    const big = await logo(root, 'Dark', {
      data: Buffer.concat([PNG_1PX, Buffer.alloc(2 * 1024 * 1024)]),
      filename: 'a.png',
      contentType: 'image/png',
    });
    expect(big.statusCode).toBe(413);
    const mode = await logo(root, 'Sideways', { data: PNG_1PX, filename: 'a.png', contentType: 'image/png' });
    expect(mode.statusCode).toBe(400);
    expect(mode.json().fields[0].path).toBe('mode');
    const none = await post('/settings-whitelabel/logo', root, [{ name: 'mode', data: 'Dark' }]);
    expect(none.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/public-settings/appLogoDark' })).json()).toBe('');
  });
});

describe('certificate upload (seed 001 §5, §7)', () => {
  it('keeps a .p12 outside any public folder, readable by the server only, and never serves it', async () => {
    const res = await cert(root, 'efi', { data: P12, filename: 'producao.p12' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ mensagem: 'Arquivo Anexado', ref: 'efi' });
    const stored = path.join(t.deps.config.dataDir, 'certs', 'efi.p12');
    expect(existsSync(stored)).toBe(true);
    expect(statSync(stored).mode & 0o777).toBe(0o600);
    expect(stored.startsWith(t.deps.media.dir)).toBe(false);
    expect(JSON.stringify(res.json())).not.toContain('certs');
  });

  it('says whether a certificate is on file and since when, without the file (issue 30 item 12)', async () => {
    const status = () => t.app.inject({ method: 'GET', url: '/settings/certificates', headers: bearer(root) });
    const stored = path.join(t.deps.config.dataDir, 'certs', 'efi.p12');
    rmSync(stored, { force: true });
    expect((await status()).json()).toEqual({ certificates: [{ ref: 'efi', present: false, uploadedAt: null }] });

    const before = Date.now() - 1000;
    const upload = (await cert(root, 'efi', { data: P12, filename: 'producao.p12' })).json();
    const res = await status();
    expect(res.statusCode).toBe(200);
    const [efi] = res.json().certificates;
    expect(efi).toMatchObject({ ref: 'efi', present: true, uploadedAt: upload.uploadedAt });
    expect(Date.parse(efi.uploadedAt)).toBeGreaterThanOrEqual(before);
    // presence and date only: no bytes, file name or path
    expect(res.body).not.toMatch(/producao|certs|\.p12|MII/);
    expect(Object.keys(efi).sort()).toEqual(['present', 'ref', 'uploadedAt']);
    expect((await t.app.inject({ method: 'GET', url: '/settings/certificates', headers: bearer(a.adminToken) })).statusCode).toBe(
      403,
    );
  });

  it('accepts .p12 only, by name and by bytes, with a destination', async () => {
    expect((await cert(root, 'efi', { data: P12, filename: 'cert.pem' })).json()).toMatchObject({
      error: 'ERR_INVALID_FILE_TYPE',
    });
    expect((await cert(root, 'efi', { data: PNG_1PX, filename: 'cert.p12' })).json()).toMatchObject({
      error: 'ERR_INVALID_FILE_TYPE',
    });
    expect((await cert(root, 'efi', { data: Buffer.concat([P12, Buffer.alloc(70_000)]), filename: 'a.p12' })).statusCode).toBe(
      413,
    );
    expect((await cert(root, '', { data: P12, filename: 'a.p12' })).statusCode).toBe(400);
    expect((await cert(root, '../../etc', { data: P12, filename: 'a.p12' })).statusCode).toBe(400);
    expect((await post('/settings/cert-upload?ref=efi', root, [{ name: 'x', data: 'y' }])).statusCode).toBe(400);
  });

  it('recognises PKCS#12 by its bytes', () => {
    expect(isPkcs12(P12)).toBe(true);
    expect(isPkcs12(Buffer.from([0x30, 0x80, 0x02, 0x01, 0x03, 0, 0, 0]))).toBe(true);
    expect(isPkcs12(Buffer.from('-----BEGIN CERTIFICATE-----'))).toBe(false);
    expect(isPkcs12(Buffer.from([0x30, 0x82, 0x01, 0x00, 0x02, 0x01, 0x01, 0x30]))).toBe(false);
  });
});

describe('super-only', () => {
  it('answers 403 to a company admin on the uploads and the platform keys', async () => {
    expect((await logo(a.adminToken, 'Light', { data: PNG_1PX, filename: 'a.png', contentType: 'image/png' })).statusCode).toBe(
      403,
    );
    expect((await cert(a.adminToken, 'efi', { data: P12, filename: 'a.p12' })).statusCode).toBe(403);
    for (const key of ['stripeprivatekey', 'openaikeyaudio', 'primaryColorLight', 'appName', 'appLogoLight']) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/settings/${key}`,
        headers: bearer(a.adminToken),
        payload: { value: 'x' },
      });
      expect(res.statusCode, key).toBe(403);
    }
  });

  it('platform keys are saved by the super admin and only ever read back masked', async () => {
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/settings/openaikeyaudio',
      headers: bearer(root),
      payload: { value: 'sk-proj-abcdefghijkl9876' },
    });
    expect(saved.json()).toEqual({ key: 'openaikeyaudio', value: '••••9876' });
    const list = (await t.app.inject({ method: 'GET', url: '/settings', headers: bearer(root) })).json();
    expect(list).toContainEqual({ key: 'openaikeyaudio', value: '••••9876' });
    expect(JSON.stringify(list)).not.toContain('sk-proj');
  });
});
