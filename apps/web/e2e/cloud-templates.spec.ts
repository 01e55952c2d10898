import { type GraphStandin, inbound } from '@atendo/graph-standin';
import { expect, test } from '@playwright/test';
import { ADMIN, API_URL, apiHeaders, createCloudConnection, createVia, SCREENSHOTS, signIn, startStandin } from './helpers';

let standin: GraphStandin;
test.beforeAll(async () => {
  standin = await startStandin(['sent', 'delivered']);
});
test.afterAll(async () => {
  await standin?.close();
});

/**
 * Issue 36 item 3: on the WhatsApp Cloud API a customer who wrote 25 hours ago is outside the 24-hour window. The
 * conversation says so; a free text is refused by Meta (the stand-in answers a failed status 131047) and shows why;
 * an approved template, picked, filled and previewed, reaches the customer with its values.
 */
test('window closed → the free text fails with the reason → pick a template, fill, preview, send → the customer receives it', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const headers = await apiHeaders(request);
  const stamp = `${Date.now()}`.slice(-9);
  const queueId = await createVia(request, '/queue', headers, {
    name: `Fila Modelos ${stamp}`,
    color: `#${stamp.slice(-6)}`,
    greetingMessage: 'Bem-vindo!',
  });
  const phoneNumberId = `79${stamp}0001`;
  const wabaId = `30${stamp}0001`;
  const connectionId = await createCloudConnection(request, headers, {
    name: `Cloud Modelos ${stamp}`,
    phoneNumberId,
    businessAccountId: wabaId,
    queueIds: [queueId],
  });
  // What the company registered at Meta: one approved template, one rejected.
  standin.addTemplate(
    wabaId,
    {
      name: 'pedido_pronto',
      language: 'pt_BR',
      category: 'UTILITY',
      components: [
        { type: 'HEADER', format: 'TEXT', text: 'Pedido {{1}}' },
        { type: 'BODY', text: 'Olá {{1}}, seu pedido {{2}} está pronto para retirada.' },
        { type: 'FOOTER', text: 'Loja Exemplo' },
      ],
    },
    phoneNumberId,
  );
  standin.addTemplate(wabaId, {
    name: 'promocao_relampago',
    language: 'pt_BR',
    category: 'MARKETING',
    status: 'REJECTED',
    components: [{ type: 'BODY', text: 'Promoção!' }],
  });

  const customer = `55119${stamp.slice(-8)}`;
  const name = `Rita Cliente ${stamp}`;
  const delivered = await standin.deliverMessages(
    phoneNumberId,
    [inbound.text({ from: customer, body: 'Meu pedido já chegou?', timestamp: new Date(Date.now() - 25 * 60 * 60 * 1000) })],
    { url: `${API_URL}/webhooks/whatsappapi/${connectionId}`, contacts: [{ waId: customer, name }] },
  );
  expect(delivered.status).toBe(200);

  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/tickets$/);
  await page.getByRole('tab', { name: /Aguardando/ }).click();
  await page.getByTestId('ticket-item').filter({ hasText: name }).click();
  await page.getByRole('button', { name: 'Aceitar' }).click();
  const composer = page.getByLabel('Mensagem', { exact: true });
  await expect(composer).toBeEnabled();
  await expect(page.getByText(/A janela de 24 horas fechou/)).toBeVisible();

  // A free text anyway: Meta accepts the call, then reports 131047; the message shows it failed and why.
  await composer.fill('Seu pedido está pronto!');
  await composer.press('Enter');
  const failed = page.getByTestId('message').filter({ hasText: 'Seu pedido está pronto!' }).getByTestId('message-failed');
  await expect(failed).toBeVisible();
  await expect(failed).toHaveAccessibleName(/passaram mais de 24 horas/);
  await page.screenshot({ path: `${SCREENSHOTS}/conversation-failed-send.png` });
  expect(standin.refused.map((r) => r.to)).toContain(customer);

  // The approved template instead.
  await page.getByRole('button', { name: 'Enviar modelo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Enviar modelo aprovado' });
  await dialog.getByRole('button', { name: 'Atualizar do Meta' }).click();
  const templates = dialog.getByRole('list', { name: 'Modelos da conta' });
  await expect(templates.getByRole('button', { name: /promocao_relampago/ })).toHaveAttribute('aria-disabled', 'true');
  await expect(templates.getByText('Rejeitado')).toBeVisible();
  await templates.getByRole('button', { name: /pedido_pronto/ }).click();
  const send = dialog.getByRole('button', { name: 'Enviar', exact: true });
  await dialog.getByLabel('Cabeçalho: variável 1').fill('#4521');
  // the body's first variable: the contact's name from the ticket, with one click
  await dialog.getByRole('button', { name: 'Nome do contato' }).nth(1).click();
  await expect(dialog.getByLabel('Corpo: variável 1')).toHaveValue(name);
  await expect(send).toBeDisabled(); // a variable is still empty
  await dialog.getByLabel('Corpo: variável 2').fill('#4521');
  const preview = dialog.getByLabel('Como o cliente verá');
  await expect(preview).toContainText('Pedido #4521');
  await expect(preview).toContainText(`Olá ${name}, seu pedido #4521 está pronto para retirada.`);
  await expect(preview).toContainText('Loja Exemplo');
  await page.screenshot({ path: `${SCREENSHOTS}/cloud-template-preview.png` });
  await send.click();
  await expect(dialog).toBeHidden();

  const expected = `Olá ${name}, seu pedido #4521 está pronto para retirada.`;
  await expect(page.getByTestId('message').filter({ hasText: expected })).toBeVisible();
  await expect.poll(() => standin.sent.find((s) => s.to === customer && s.type === 'template')?.rendered?.body).toBe(expected);
  expect(standin.sent.find((s) => s.to === customer && s.type === 'template')?.rendered?.header).toBe('Pedido #4521');
});
