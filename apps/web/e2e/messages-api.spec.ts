import type { GraphStandin } from '@atendo/graph-standin';
import { expect, test } from '@playwright/test';
import { APP_SECRET, apiAs, SCREENSHOTS, signIn, signUpCompany, startStandin } from './helpers';

let standin: GraphStandin;
test.beforeAll(async () => {
  standin = await startStandin(['sent', 'delivered', 'read']);
});
test.afterAll(async () => {
  await standin?.close();
});

test.describe('public messages API (issue 20)', () => {
  test('an admin copies a connection token, sends a text through the test form and sees it in the inbox', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const owner = await signUpCompany(request, 'API');
    const call = await apiAs(request, owner.email, owner.password);
    const stamp = `${Date.now()}`.slice(-8);
    const queue = await call<{ id: number }>('post', '/queue', {
      name: 'Vendas',
      color: `#5${stamp.slice(-5)}`,
      greetingMessage: '',
    });
    const phoneNumberId = `83${stamp}01`;
    await call('post', '/whatsapp', {
      name: `Cloud API ${stamp}`,
      channel: 'whatsappapi',
      phoneNumberId,
      accessToken: 'tok',
      appSecret: APP_SECRET,
      queueIds: [queue.id],
    });
    const number = `55216${stamp}`;
    // The customer wrote to this number today (their 24-hour window is open): the API's free text reaches them.
    standin.customerWrote(phoneNumberId, number);

    await signIn(page, owner.email, owner.password);
    await expect(page).toHaveURL(/\/tickets$/);
    await page.goto('/messages-api');
    await expect(page.getByRole('heading', { name: 'API de mensagens', level: 1 })).toBeVisible();
    const token = await page.getByTestId('api-token').locator('input').inputValue();
    expect(token.length).toBeGreaterThan(10);

    const form = page.getByRole('form', { name: 'Teste de mensagem de texto' });
    await form.getByRole('button', { name: 'Enviar' }).click();
    await expect(form.getByText('Obrigatório').first()).toBeVisible();
    await form.getByLabel('Token').fill('token-errado');
    await form.getByLabel('Número').fill(number);
    await form.getByLabel('Mensagem').fill(`Seu boleto vence amanhã ${stamp}`);
    await form.getByRole('button', { name: 'Enviar' }).click();
    await expect(form.getByText('Token da conexão inválido.')).toBeVisible();
    await form.getByLabel('Token').fill(token);
    await form.getByRole('button', { name: 'Enviar' }).click();
    await expect(form.getByText(/Mensagem enviada \(mensagem \d+, ticket \d+\)\./)).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}/messages-api.png`, fullPage: true });
    await expect
      .poll(() =>
        standin.sent.some((s) => s.phoneNumberId === phoneNumberId && JSON.stringify(s.body).includes(`vence amanhã ${stamp}`)),
      )
      .toBe(true);

    // the ticket is in the inbox with the message
    await page.goto('/tickets');
    const item = page.getByTestId('ticket-item').filter({ hasText: number });
    await expect(item).toBeVisible();
    await item.click();
    await expect(page.getByTestId('message').filter({ hasText: `Seu boleto vence amanhã ${stamp}` })).toBeVisible();
  });
});
