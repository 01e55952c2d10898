import type { GraphStandin } from '@atendo/graph-standin';
import { expect, type Page, test } from '@playwright/test';
import {
  API_URL,
  apiHeaders,
  cloudCustomerWrites,
  createCloudConnection,
  SCREENSHOTS,
  signIn,
  signUpCompany,
  startStandin,
} from './helpers';

let standin: GraphStandin;
test.beforeAll(async () => {
  standin = await startStandin(['sent']);
});
test.afterAll(async () => {
  await standin?.close();
});

const ticketItem = (page: Page, name: string) => page.getByTestId('ticket-item').filter({ hasText: name });

/**
 * Issue 33 item 2: the admin gives a queue an SLA policy in the queue form (first response in 1 minute, resolution in
 * 60); two customers write in through the Cloud API stand-in. The first is answered at once: the countdown chip
 * turns to "paused" (the ticket waits on the customer). The second is left: its countdown runs out, the minute sweep
 * marks it missed — the admin is notified, the row turns red. The dashboard's SLA tab shows 50% met per queue and
 * attendant, and links to the tickets report filtered to the missed one.
 */
test('an SLA policy: a live countdown, a reply that meets it, a breach notified, the met % and the missed list', async ({
  page,
  request,
}) => {
  test.setTimeout(420_000);
  const account = await signUpCompany(request, 'Sla');
  const stamp = `${Date.now()}`.slice(-9);
  const queueName = `Fila SLA ${stamp}`;

  await signIn(page, account.email, account.password);
  await expect(page).toHaveURL(/\/tickets$/);
  await page.goto('/queues');
  await page.getByRole('button', { name: 'Adicionar fila' }).click();
  const dialog = page.getByRole('dialog', { name: 'Adicionar fila' });
  await dialog.getByLabel('Nome', { exact: true }).fill(queueName);
  await dialog.getByLabel('Cor', { exact: true }).fill(`#${stamp.slice(-6)}`);
  await dialog.getByLabel('Mensagem de saudação').fill('Olá! Já vamos te atender.');
  await dialog.getByLabel('Primeira resposta (min)').fill('1');
  await dialog.getByLabel('Resolução (min)').fill('60');
  await dialog.getByText('SLA (prazos de atendimento)').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SCREENSHOTS}/sla-queue-form.png` });
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  const edit = page.getByRole('dialog', { name: 'Editar fila' });
  await expect(edit.getByLabel('Primeira resposta (min)')).toHaveValue('1');
  await expect(edit.getByLabel('Próxima resposta (min)')).toHaveValue('');
  await edit.getByRole('button', { name: 'Cancelar' }).click();

  // The admin attends the queue; a Cloud API connection into it (through the API)
  const headers = await apiHeaders(request, account);
  const queues = (await (await request.get(`${API_URL}/queue`, { headers })).json()) as { id: number; name: string }[];
  const queueId = queues.find((q) => q.name === queueName)!.id;
  const me = (await (await request.get(`${API_URL}/auth/me`, { headers })).json()) as { id: number };
  const joined = await request.put(`${API_URL}/users/${me.id}`, { headers, data: { queueIds: [queueId] } });
  expect(joined.ok(), await joined.text()).toBeTruthy();
  const phoneNumberId = `79${stamp}0001`;
  const connectionId = await createCloudConnection(request, headers, {
    name: `Cloud SLA ${stamp}`,
    phoneNumberId,
    queueIds: [queueId],
  });
  const customers = [1, 2].map((n) => ({ number: `5511${n}${stamp.slice(-8)}`, name: `Cliente SLA ${n} ${stamp}` }));
  const writes = cloudCustomerWrites(standin, phoneNumberId, connectionId);

  // The API sign-in ended the browser's session (one session per user): the admin signs in again
  await signIn(page, account.email, account.password);
  await expect(page).toHaveURL(/\/tickets$/);
  await writes(customers[0], 'Oi, preciso de ajuda');
  await page.getByRole('tab', { name: /Aguardando/ }).click();
  const first = ticketItem(page, customers[0].name);
  await expect(first.getByTestId('sla-chip')).toHaveAttribute('data-sla', 'warn');
  await page.screenshot({ path: `${SCREENSHOTS}/sla-countdown.png` });

  // The first is answered in time: its first response is met, and it waits on the customer (the clock is paused)
  await first.click();
  await page.getByRole('button', { name: 'Aceitar' }).click();
  const composer = page.getByLabel('Mensagem', { exact: true });
  await expect(composer).toBeEnabled();
  await composer.fill('Olá! Como posso ajudar?');
  await composer.press('Enter');
  await expect(page.getByTestId('message').filter({ hasText: 'Como posso ajudar' })).toBeVisible();
  await expect(ticketItem(page, customers[0].name).getByTestId('sla-chip')).toHaveText('SLA pausado');

  // The second is left: the sweep marks it missed within a minute or two — notified, the row turns red
  await writes(customers[1], 'Bom dia, alguém?');
  await page.getByRole('tab', { name: /Aguardando/ }).click();
  const second = ticketItem(page, customers[1].name);
  await expect(second.getByTestId('sla-chip')).toBeVisible();
  await expect(page.getByText(new RegExp(`SLA estourado no ticket #\\d+ \\(${customers[1].name}\\)`))).toBeVisible({
    timeout: 180_000,
  });
  await expect(second.getByTestId('sla-chip')).toHaveText('SLA estourado');
  await expect(second).toHaveAttribute('data-sla-missed', 'true');
  await page.screenshot({ path: `${SCREENSHOTS}/sla-breached.png` });

  // The dashboard's SLA tab: half met, per queue and attendant
  await page.goto('/');
  await page.getByTestId('tab-sla').click();
  await expect(page.getByTestId('counter-slaMetRate-value')).toHaveText('50%');
  await expect(page.getByTestId('counter-slaBreached-value')).toHaveText('1');
  await expect(page.getByTestId('sla-queues-row').filter({ hasText: queueName })).toContainText('50%');
  await page.screenshot({ path: `${SCREENSHOTS}/sla-dashboard.png`, fullPage: true });

  // The missed tickets, in the report
  await page.getByTestId('sla-breached-link').click();
  await expect(page).toHaveURL(/\/reports\?slaBreached=true/);
  await expect(page.getByTestId('report-sla-breached').locator('input')).toBeChecked();
  await expect(page.getByText(customers[1].name)).toBeVisible();
  await expect(page.getByText(customers[0].name)).toHaveCount(0);
  await expect(page.getByTestId('report-sla-breach')).toHaveText('primeira resposta');
  await page.screenshot({ path: `${SCREENSHOTS}/sla-report.png` });
});
