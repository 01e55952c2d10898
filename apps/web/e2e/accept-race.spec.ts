import { type GraphStandin, inbound } from '@atendo/graph-standin';
import { expect, test } from '@playwright/test';
import { API_URL, apiHeaders, createCloudConnection, createVia, SCREENSHOTS, signIn, startStandin } from './helpers';

let standin: GraphStandin;
test.beforeAll(async () => {
  standin = await startStandin(['sent']);
});
test.afterAll(async () => {
  await standin?.close();
});

/**
 * Issue 31 item 8: two attendants accept the same waiting ticket at once. The one who loses is told who has it (the
 * seed's "ticket already open" dialog with the owner and the queue) — not "Nenhum ticket encontrado" — and cannot write.
 * The race is made exact: the browser's accept is held until the colleague's accept has landed.
 */
test('two attendants accept one ticket: the one who lost is told who has it', async ({ page, request }) => {
  test.setTimeout(120_000);
  const headers = await apiHeaders(request);
  const stamp = `${Date.now()}`.slice(-9);
  const queueName = `Fila Corrida ${stamp}`;
  const queueId = await createVia(request, '/queue', headers, {
    name: queueName,
    color: `#${stamp.slice(-6)}`,
    greetingMessage: 'Bem-vindo!',
  });
  const phoneNumberId = `79${stamp}0001`;
  const connectionId = await createCloudConnection(request, headers, {
    name: `Cloud Corrida ${stamp}`,
    phoneNumberId,
    queueIds: [queueId],
  });
  const bruno = { name: `Bruno ${stamp}`, email: `bruno.${stamp}@example.com`, password: 'Senha#123' };
  const carla = { name: `Carla ${stamp}`, email: `carla.${stamp}@example.com`, password: 'Senha#123' };
  await createVia(request, '/users', headers, { ...bruno, profile: 'user', queueIds: [queueId] });
  const carlaId = await createVia(request, '/users', headers, { ...carla, profile: 'user', queueIds: [queueId] });
  const carlaHeaders = await apiHeaders(request, carla);

  const customer = `55119${stamp.slice(-8)}`;
  const name = `Cliente Corrida ${stamp}`;
  const delivered = await standin.deliverMessages(phoneNumberId, [inbound.text({ from: customer, body: 'Alguém me atende?' })], {
    url: `${API_URL}/webhooks/whatsappapi/${connectionId}`,
    contacts: [{ waId: customer, name }],
  });
  expect(delivered.status).toBe(200);

  await signIn(page, bruno.email, bruno.password);
  await expect(page).toHaveURL(/\/tickets$/);
  await page.getByRole('tab', { name: /Aguardando/ }).click();
  await page.getByTestId('ticket-item').filter({ hasText: name }).click();
  const accept = page.getByRole('button', { name: 'Aceitar' });
  await expect(accept).toBeVisible();

  // Bruno's accept leaves the browser only after Carla's has been taken
  let carlaAccepted = false;
  await page.route(
    (url) => /\/tickets\/\d+$/.test(url.pathname),
    async (route) => {
      if (route.request().method() !== 'PUT') return route.continue();
      const ticketId = Number(new URL(route.request().url()).pathname.split('/').pop());
      const carlaTakes = await request.put(`${API_URL}/tickets/${ticketId}`, {
        headers: carlaHeaders,
        data: { status: 'open', userId: carlaId },
      });
      expect(carlaTakes.ok(), await carlaTakes.text()).toBeTruthy();
      carlaAccepted = true;
      await route.continue();
    },
  );
  await accept.click();

  const dialog = page.getByTestId('ticket-already-open');
  await expect(dialog).toBeVisible();
  expect(carlaAccepted).toBe(true);
  await expect(dialog).toContainText(carla.name);
  await expect(dialog).toContainText(queueName);
  await expect(page.getByText('Nenhum ticket encontrado')).toHaveCount(0);
  await page.screenshot({ path: `${SCREENSHOTS}/accept-race.png` });
  await dialog.getByRole('button', { name: 'Fechar' }).click();
  await expect(dialog).toBeHidden();
  // Bruno does not write into Carla's conversation
  const composer = page.getByLabel('Mensagem', { exact: true });
  await expect(composer).toBeDisabled();
  await expect(composer).toHaveAttribute('placeholder', new RegExp(`${carla.name} assumiu este atendimento`));
  await page.screenshot({ path: `${SCREENSHOTS}/accept-race-read-only.png` });
});
