import { type GraphStandin, inbound } from '@atendo/graph-standin';
import { expect, test } from '@playwright/test';
import {
  API_URL,
  apiHeaders,
  createCloudConnection,
  createVia,
  SCREENSHOTS,
  signIn,
  signUpCompany,
  startStandin,
} from './helpers';

let standin: GraphStandin;
test.beforeAll(async () => {
  standin = await startStandin(['sent', 'delivered']);
});
test.afterAll(async () => {
  await standin?.close();
});

/**
 * AI prompts (issue 21): the admin creates a prompt through the 5-step wizard, binds it to a queue, and a customer
 * writing on WhatsApp (Cloud API stand-in) gets the model's answer (OpenAI stand-in), shown in the conversation as the bot's.
 */
test('a prompt made in the wizard and bound to a queue answers a customer as the bot', async ({ page, request }) => {
  test.setTimeout(180_000);
  const account = await signUpCompany(request, 'Prompts');
  const stamp = `${Date.now()}`.slice(-8);
  // One session per user: the set-up runs on one API sign-in, before the browser's.
  const headers = await apiHeaders(request, { email: account.email, password: account.password });
  const me = await request.get(`${API_URL}/auth/me`, { headers });
  const { id: userId } = (await me.json()) as { id: number };
  const queueId = await createVia(request, '/queue', headers, { name: `Vendas ${stamp}`, color: `#${stamp.slice(-6)}` });
  const put = await request.put(`${API_URL}/users/${userId}`, { headers, data: { queueIds: [queueId] } });
  expect(put.ok(), await put.text()).toBeTruthy();
  const phoneNumberId = `66${stamp}0001`;
  const connectionId = await createCloudConnection(request, headers, {
    name: `Cloud ${stamp}`,
    phoneNumberId,
    queueIds: [queueId],
  });

  await signIn(page, account.email, account.password);
  await expect(page).toHaveURL(/\/tickets$/);
  await page.goto('/prompts');
  await expect(page.getByRole('heading', { name: /Prompts/ })).toBeVisible();
  await expect(page.getByText('Nenhum prompt cadastrado')).toBeVisible();

  // The wizard: name, sector, template, instructions, AI settings.
  await page.getByRole('button', { name: 'Novo prompt' }).click();
  const wizard = page.getByRole('dialog', { name: 'Novo prompt' });
  await wizard.getByRole('button', { name: 'Próximo' }).click();
  await expect(wizard.getByText('Nome do prompt é obrigatório')).toBeVisible();
  await wizard.getByTestId('prompt-name').fill(`Vendedor IA ${stamp}`);
  await wizard.getByRole('button', { name: 'Próximo' }).click();
  await wizard.getByRole('button', { name: 'Próximo' }).click();
  await expect(wizard.getByText('Informe o setor')).toBeVisible();
  await wizard.getByLabel('Setor (fila)').click();
  await page.getByRole('option', { name: `Vendas ${stamp}` }).click();
  await wizard.getByRole('button', { name: 'Próximo' }).click();
  await wizard.getByLabel(/Vendas/).check();
  await wizard.getByRole('button', { name: 'Próximo' }).click();
  await expect(wizard.getByTestId('prompt-instructions')).toHaveValue(/vendedor/);
  await wizard.getByRole('button', { name: 'Próximo' }).click();
  await wizard.getByTestId('prompt-apikey').fill('sk-e2e-abcdef123456');
  await expect(wizard.getByTestId('prompt-apikey')).toHaveAttribute('type', 'password');
  await wizard.getByRole('button', { name: 'Mostrar chave' }).click();
  await expect(wizard.getByTestId('prompt-apikey')).toHaveAttribute('type', 'text');
  await page.screenshot({ path: `${SCREENSHOTS}/prompts-wizard.png` });
  await wizard.getByRole('button', { name: 'Salvar' }).click();
  await expect(wizard).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: `Vendedor IA ${stamp}` });
  await expect(row).toContainText(`Vendas ${stamp}`);
  await expect(row).toContainText('100');

  // The sector chosen in the wizard is the queue the prompt answers: its "Prompt de IA" is set already (issue 31 item 7).
  await page.goto('/queues');
  await page.getByRole('button', { name: `Editar fila Vendas ${stamp}` }).click();
  const queueDialog = page.getByRole('dialog');
  await expect(queueDialog.getByLabel('Prompt de IA')).toContainText(`Vendedor IA ${stamp}`);
  await queueDialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(queueDialog).toBeHidden();

  // A customer writes; the model's answer is stored as the bot's and sent.
  standin.chat.answers.push(`Olá! O plano Pro custa R$ 99 por mês. (${stamp})`);
  const customer = `55119${stamp}`;
  const name = `Cliente IA ${stamp}`;
  const sent = await standin.deliverMessages(
    phoneNumberId,
    [inbound.text({ from: customer, body: 'Quanto custa o plano Pro?' })],
    {
      url: `${API_URL}/webhooks/whatsappapi/${connectionId}`,
      contacts: [{ waId: customer, name }],
    },
  );
  expect(sent.status).toBe(200);
  await expect
    .poll(() => standin.sent.some((s) => JSON.stringify(s.body).includes(`(${stamp})`)), { timeout: 60_000 })
    .toBe(true);
  expect(standin.chat.last()?.authorization).toBe('Bearer sk-e2e-abcdef123456');

  await page.goto('/tickets');
  await page.getByRole('tab', { name: /Aguardando/ }).click();
  const item = page.getByTestId('ticket-item').filter({ hasText: name });
  await expect(item).toBeVisible();
  await item.click();
  const answer = page.getByTestId('message').filter({ hasText: `O plano Pro custa R$ 99 por mês. (${stamp})` });
  await expect(answer).toBeVisible();
  await expect(answer.getByTestId('message-bot')).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}/prompts-answer.png` });
});
