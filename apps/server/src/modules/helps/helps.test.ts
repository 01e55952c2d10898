import { helpEmbedUrl, youtubeId } from '@atendo/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithCompanies, requester, superAdminToken, type Tenant, type TestContext } from '../../../test/harness';

let t: TestContext, a: Tenant;
let superToken: string;
const req = requester(() => t);

beforeAll(async () => {
  [t, a] = await appWithCompanies(1);
  superToken = await superAdminToken(t);
});
afterAll(async () => t?.close());

describe('YouTube ids and links', () => {
  it('reads the 11-character id from an id or any YouTube link, and nothing else', () => {
    for (const v of [
      'dQw4w9WgXcQ',
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10',
      'https://youtu.be/dQw4w9WgXcQ',
      'https://www.youtube.com/embed/dQw4w9WgXcQ',
      'https://m.youtube.com/shorts/dQw4w9WgXcQ',
    ]) {
      expect(youtubeId(v), v).toBe('dQw4w9WgXcQ');
    }
    for (const v of ['', 'short', 'https://vimeo.com/123', 'https://evil.com/watch?v=dQw4w9WgXcQ', 'javascript:alert(1)']) {
      expect(youtubeId(v), v).toBeNull();
    }
    expect(helpEmbedUrl('https://youtu.be/dQw4w9WgXcQ')).toBe('https://www.youtube.com/embed/dQw4w9WgXcQ');
  });
});

describe('helps', () => {
  it('the super admin creates, edits and deletes; everybody lists them', async () => {
    const res = await req('POST', '/helps', superToken, {
      title: 'Conexões',
      description: 'Como conectar o WhatsApp',
      video: 'https://youtu.be/dQw4w9WgXcQ',
      page: 'connections',
    });
    expect(res.statusCode).toBe(201);
    const help = res.json();
    expect(help).toMatchObject({ title: 'Conexões', video: 'https://youtu.be/dQw4w9WgXcQ', page: 'connections' });
    for (const token of [a.adminToken, a.userToken]) {
      for (const url of ['/helps', '/helps/list']) {
        const list = await req('GET', url, token);
        expect(list.statusCode).toBe(200);
        expect(list.json().map((h: { id: number }) => h.id)).toContain(help.id);
      }
    }
    const put = await req('PUT', `/helps/${help.id}`, superToken, { title: 'Conexões 2', video: 'aaaaaaaaaaa', page: '' });
    expect(put.json()).toMatchObject({ title: 'Conexões 2', description: '', video: 'aaaaaaaaaaa', page: null });
    expect((await req('DELETE', `/helps/${help.id}`, superToken)).statusCode).toBe(204);
    expect((await req('GET', `/helps/${help.id}`, superToken)).json()).toEqual({ error: 'ERR_NO_HELP_FOUND' });
    expect((await req('PUT', `/helps/${help.id}`, superToken, { title: 'x', video: 'aaaaaaaaaaa' })).statusCode).toBe(404);
  });

  it('a page opens one tutorial: giving it to another help takes it from the first', async () => {
    const one = (await req('POST', '/helps', superToken, { title: 'Filas 1', video: 'bbbbbbbbbbb', page: 'queues' })).json();
    const two = (await req('POST', '/helps', superToken, { title: 'Filas 2', video: 'ccccccccccc', page: 'queues' })).json();
    expect(two.page).toBe('queues');
    expect((await req('GET', `/helps/${one.id}`, superToken)).json().page).toBeNull();
  });

  it('validates title, video (a YouTube id or link) and page', async () => {
    const bad = await req('POST', '/helps', superToken, { title: '', video: 'https://vimeo.com/1', page: 'nowhere' });
    expect(bad.statusCode).toBe(400);
    const fields = bad.json().fields as { path: string; message: string }[];
    expect(fields.map((f) => f.path)).toEqual(expect.arrayContaining(['title', 'video', 'page']));
    expect(fields.find((f) => f.path === 'video')?.message).toBe('validation.invalidVideo');
    expect((await req('POST', '/helps', superToken, { title: 'x'.repeat(101), video: 'ddddddddddd' })).statusCode).toBe(400);
  });

  it('refuses a company admin and a plain user on every management route (403)', async () => {
    const help = (await req('POST', '/helps', superToken, { title: 'Fixa', video: 'eeeeeeeeeee' })).json();
    const routes: [string, string, unknown?][] = [
      ['POST', '/helps', { title: 'Hack', video: 'fffffffffff' }],
      ['PUT', `/helps/${help.id}`, { title: 'Hack', video: 'fffffffffff' }],
      ['DELETE', `/helps/${help.id}`],
    ];
    for (const [method, url, payload] of routes) {
      for (const token of [a.adminToken, a.userToken]) {
        expect((await req(method as 'GET', url, token, payload)).statusCode, `${method} ${url}`).toBe(403);
      }
    }
    expect((await req('GET', `/helps/${help.id}`, superToken)).json().title).toBe('Fixa');
  });
});
