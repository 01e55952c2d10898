import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithCompanies, createTenant, requester, type Tenant, type TestContext } from '../../../test/harness';

let t: TestContext, a: Tenant, b: Tenant;
const req = requester(() => t);

beforeAll(async () => {
  [t, a, b] = await appWithCompanies(2);
});
afterAll(async () => t?.close());

const typebot = {
  type: 'typebot',
  name: 'Vendas bot',
  urlN8N: 'https://typebot.example.com',
  typebotSlug: 'vendas',
  typebotKeywordFinish: '#sair',
};

describe('queue integrations', () => {
  it('creates, pages, searches, updates and deletes in the company only, with events', async () => {
    const created = await req('POST', '/queueIntegration', a.adminToken, typebot);
    expect(created.statusCode).toBe(201);
    const it1 = created.json();
    expect(it1).toMatchObject({ type: 'typebot', name: 'Vendas bot', projectName: 'Vendas bot', typebotSlug: 'vendas' });
    expect(it1.typebotDelayMessage).toBe(1000);
    expect(it1.typebotExpires).toBe(1);
    expect(it1.secret).toMatch(/^[0-9a-f]{48}$/);
    expect(t.realtime.events.some((e) => e.event === 'queueIntegration' && e.companyId === a.companyId)).toBe(true);

    await req('POST', '/queueIntegration', a.adminToken, {
      type: 'n8n',
      name: 'Fluxo n8n',
      urlN8N: 'https://n8n.example.com/hook',
    });
    const page = (await req('GET', '/queueIntegration?pageNumber=1', a.adminToken)).json();
    expect(page.queueIntegrations.map((i: { name: string }) => i.name)).toEqual(['Fluxo n8n', 'Vendas bot']);
    expect(page.hasMore).toBe(false);
    const search = (await req('GET', '/queueIntegration?searchParam=vendas&pageNumber=1', a.adminToken)).json();
    expect(search.queueIntegrations.map((i: { name: string }) => i.name)).toEqual(['Vendas bot']);
    expect((await req('GET', '/queueIntegration', b.adminToken)).json().queueIntegrations).toEqual([]);
    expect((await req('GET', `/queueIntegration/${it1.id}`, b.adminToken)).statusCode).toBe(404);

    const updated = await req('PUT', `/queueIntegration/${it1.id}`, a.adminToken, {
      ...typebot,
      name: 'Bot 2',
      typebotDelayMessage: 0,
    });
    expect(updated.json()).toMatchObject({ name: 'Bot 2', projectName: 'Bot 2', typebotDelayMessage: 0, secret: it1.secret });
    expect((await req('DELETE', `/queueIntegration/${it1.id}`, a.adminToken)).statusCode).toBe(204);
    expect((await req('GET', `/queueIntegration/${it1.id}`, a.adminToken)).statusCode).toBe(404);
  });

  it('validates by type: name 2 to 50, URL and slug for typebot, credentials for dialogflow', async () => {
    const short = await req('POST', '/queueIntegration', a.adminToken, { ...typebot, name: 'x' });
    expect(short.json().fields).toEqual([{ path: 'name', message: 'validation.tooShort' }]);
    const noSlug = await req('POST', '/queueIntegration', a.adminToken, { ...typebot, typebotSlug: '' });
    expect(noSlug.json().fields).toEqual([{ path: 'typebotSlug', message: 'validation.required' }]);
    const noUrl = await req('POST', '/queueIntegration', a.adminToken, { type: 'webhook', name: 'Hook' });
    expect(noUrl.json().fields).toEqual([{ path: 'urlN8N', message: 'validation.required' }]);
    const badCreds = await req('POST', '/queueIntegration', a.adminToken, {
      type: 'dialogflow',
      name: 'Flow',
      projectName: 'p1',
      jsonContent: '{"x":1}',
    });
    expect(badCreds.json().fields).toEqual([{ path: 'jsonContent', message: 'validation.invalid' }]);
  });

  it('refuses a URL of a private address on save (SSRF guard)', async () => {
    for (const url of [
      'http://127.0.0.1:5678/hook',
      'http://10.0.0.1/x',
      'http://169.254.169.254/latest',
      'http://[::1]/x',
      'http://localhost:9/x',
    ]) {
      const res = await req('POST', '/queueIntegration', a.adminToken, { type: 'webhook', name: 'Hook', urlN8N: url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error, url).toBe('ERR_URL_NOT_ALLOWED');
    }
  });

  it('is for admins of a plan with useIntegrations', async () => {
    expect((await req('GET', '/queueIntegration', a.userToken)).statusCode).toBe(403);
    const off = await createTenant(t, { planFlags: { useIntegrations: false } });
    const res = await req('GET', '/queueIntegration', off.adminToken);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('ERR_PLAN_FEATURE_DISABLED');
  });
});
