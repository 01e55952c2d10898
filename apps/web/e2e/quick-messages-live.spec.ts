import { type GraphStandin, inbound, startGraphStandin } from '@atendo/graph-standin';
import { expect, test } from '@playwright/test';
import { ADMIN, API_URL, signIn } from './helpers';

// The product sends to the stand-in: the webServer of playwright.config.ts sets GRAPH_API_URL to this port.
const GRAPH_PORT = Number(process.env.E2E_GRAPH_PORT ?? 8090);
const APP_SECRET = 'e2e-app-secret';

let standin: GraphStandin;
test.beforeAll(async () => {
  standin = await startGraphStandin({
    port: GRAPH_PORT,
    appSecret: APP_SECRET,
    webhookUrl: `${API_URL}/webhooks/whatsappapi`,
    autoStatuses: ['sent'],
  });
});
test.afterAll(async () => {
  await standin?.close();
});

/**
 * Issue 16 items 4 and 7: a quick message a colleague shares reaches the '/' picker of an open
 * conversation without a reload, and its placeholders show filled in the composer and reach the
 * customer filled.
 */
test('a shared quick message reaches the open picker live, filled with the ticket’s values', async ({ page, request }) => {
  test.setTimeout(120_000);
  const login = await request.post(`${API_URL}/auth/login`, { data: ADMIN });
  const headers = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  const stamp = `${Date.now()}`.slice(-9);
  const queue = await request.post(`${API_URL}/queue`, {
    headers,
    data: { name: `Fila QM ${stamp}`, color: `#${stamp.slice(-6)}`, greetingMessage: 'Olá! Como podemos ajudar?' },
  });
  expect(queue.ok(), await queue.text()).toBeTruthy();
  const { id: queueId } = (await queue.json()) as { id: number };
  const phoneNumberId = `78${stamp}0001`;
  const connection = await request.post(`${API_URL}/whatsapp`, {
    headers,
    data: {
      name: `Cloud QM ${stamp}`,
      channel: 'whatsappapi',
      phoneNumberId,
      accessToken: 'tok',
      appSecret: APP_SECRET,
      queueIds: [queueId],
    },
  });
  expect(connection.ok(), await connection.text()).toBeTruthy();
  const { id: connectionId } = (await connection.json()) as { id: number };
  // a colleague who will share the quick message
  const colleague = { name: `Colega ${stamp}`, email: `colega.${stamp}@example.com`, password: 'Senha#123' };
  const created = await request.post(`${API_URL}/users`, {
    headers,
    data: { ...colleague, profile: 'user', queueIds: [queueId] },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  const colleagueLogin = await request.post(`${API_URL}/auth/login`, {
    data: { email: colleague.email, password: colleague.password },
  });
  const colleagueHeaders = { authorization: `Bearer ${((await colleagueLogin.json()) as { token: string }).token}` };

  const customer = `55119${stamp.slice(-8)}`;
  const name = `Joana Cliente ${stamp}`;
  const delivered = await standin.deliverMessages(phoneNumberId, [inbound.text({ from: customer, body: 'Oi, tudo bem?' })], {
    url: `${API_URL}/webhooks/whatsappapi/${connectionId}`,
    contacts: [{ waId: customer, name }],
  });
  expect(delivered.status).toBe(200);

  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/tickets$/);
  await page.getByRole('tab', { name: /Aguardando/ }).click();
  await page.getByTestId('ticket-item').filter({ hasText: name }).click();
  await page.getByRole('button', { name: 'Aceitar' }).click();
  const composer = page.getByLabel('Mensagem', { exact: true });
  await expect(composer).toBeEnabled();

  // the picker is open and finds nothing under this shortcode yet
  const shortcode = `boasvindas${stamp}`;
  await composer.fill(`/${shortcode}`);
  await page.waitForTimeout(500);
  await expect(page.getByTestId('quick-messages')).toHaveCount(0);

  const shared = await request.post(`${API_URL}/quick-messages`, {
    headers: colleagueHeaders,
    data: { shortcode, message: 'Olá {{firstName}}, aqui é {{userName}} da {{queue}}!', geral: true },
  });
  expect(shared.ok(), await shared.text()).toBeTruthy();

  // without a reload
  const option = page.getByTestId('quick-messages').getByText(`/${shortcode}`);
  await expect(option).toBeVisible();
  await option.click();
  const filled = `Olá Joana, aqui é Admin da Fila QM ${stamp}!`;
  await expect(composer).toHaveValue(filled);
  await composer.press('Enter');
  await expect(page.getByTestId('message').filter({ hasText: filled })).toBeVisible();
  await expect.poll(() => standin.sent.some((s) => JSON.stringify(s.body).includes(filled))).toBe(true);
  expect(standin.sent.some((s) => JSON.stringify(s.body).includes('{{'))).toBe(false);
});
