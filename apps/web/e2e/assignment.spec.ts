import type { GraphStandin } from '@atendo/graph-standin';
import { expect, type Page, test } from '@playwright/test';
import {
  API_URL,
  apiHeaders,
  cloudCustomerWrites,
  createCloudConnection,
  createVia,
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
 * Issue 33 item 1: a queue set to round robin with a capacity of 1 in the queue form; two attendants signed in (one
 * session each); customers write in through the Cloud API stand-in: each attendant is given one, live, with a notice;
 * the third waits and is given to the first attendant who closes theirs — the ticket log says the rule assigned it.
 */
test('round robin with capacity 1: one ticket each, the third waits and goes to who closes first', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const account = await signUpCompany(request, 'Assign');
  const stamp = `${Date.now()}`.slice(-9);
  const queueName = `Fila Rodízio ${stamp}`;

  // The admin sets the queue up in the queue form
  await signIn(page, account.email, account.password);
  await expect(page).toHaveURL(/\/tickets$/);
  await page.goto('/queues');
  await page.getByRole('button', { name: 'Adicionar fila' }).click();
  const dialog = page.getByRole('dialog', { name: 'Adicionar fila' });
  await dialog.getByLabel('Nome', { exact: true }).fill(queueName);
  await dialog.getByLabel('Cor', { exact: true }).fill(`#${stamp.slice(-6)}`);
  await dialog.getByLabel('Mensagem de saudação').fill('Olá! Já vamos te atender.');
  await dialog.getByRole('combobox', { name: 'Distribuição automática' }).click();
  await page.getByRole('option', { name: 'Rodízio (round robin)' }).click();
  await expect(dialog.getByText('Cada ticket vai para o próximo atendente online da fila, na vez.')).toBeVisible();
  await dialog.getByLabel('Capacidade por atendente').fill('1');
  await page.screenshot({ path: `${SCREENSHOTS}/assignment-queue-form.png` });
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  const edit = page.getByRole('dialog', { name: 'Editar fila' });
  await expect(edit.getByLabel('Capacidade por atendente')).toHaveValue('1');
  await edit.getByRole('button', { name: 'Cancelar' }).click();

  // Two attendants of the queue and a Cloud API connection into it (through the API: the admin's browser is done)
  const headers = await apiHeaders(request, account);
  const queues = (await (await request.get(`${API_URL}/queue`, { headers })).json()) as { id: number; name: string }[];
  const queueId = queues.find((q) => q.name === queueName)!.id;
  const ana = { name: `Ana ${stamp}`, email: `ana.rr.${stamp}@example.com`, password: 'Senha#123' };
  const bruno = { name: `Bruno ${stamp}`, email: `bruno.rr.${stamp}@example.com`, password: 'Senha#123' };
  await createVia(request, '/users', headers, { ...ana, profile: 'user', queueIds: [queueId] });
  await createVia(request, '/users', headers, { ...bruno, profile: 'user', queueIds: [queueId] });
  const phoneNumberId = `78${stamp}0001`;
  const connectionId = await createCloudConnection(request, headers, {
    name: `Cloud Rodízio ${stamp}`,
    phoneNumberId,
    queueIds: [queueId],
  });

  // Each attendant signs in on their own browser (one session per user): both come online
  const anaContext = await browser.newContext();
  const anaPage = await anaContext.newPage();
  const brunoContext = await browser.newContext();
  const brunoPage = await brunoContext.newPage();
  await signIn(anaPage, ana.email, ana.password);
  await expect(anaPage).toHaveURL(/\/tickets$/);
  await signIn(brunoPage, bruno.email, bruno.password);
  await expect(brunoPage).toHaveURL(/\/tickets$/);
  await expect
    .poll(async () => {
      const res = await request.get(`${API_URL}/users?pageNumber=1`, { headers });
      const { users } = (await res.json()) as { users: { email: string; online: boolean }[] };
      return users.filter((u) => [ana.email, bruno.email].includes(u.email) && u.online).length;
    })
    .toBe(2);

  const customers = [1, 2, 3].map((n) => ({ number: `5511${n}${stamp.slice(-8)}`, name: `Cliente ${n} ${stamp}` }));
  const writes = cloudCustomerWrites(standin, phoneNumberId, connectionId);

  // The first customer goes to Ana (first by turn), the second to Bruno — live, with a notice
  await writes(customers[0], 'Oi, preciso de ajuda');
  await expect(anaPage.getByText(new RegExp(`${customers[0].name}.*atribuído a você`))).toBeVisible();
  await anaPage.getByRole('tab', { name: /Abertos/ }).click();
  await expect(ticketItem(anaPage, customers[0].name)).toBeVisible();
  await writes(customers[1], 'Bom dia!');
  await expect(brunoPage.getByText(new RegExp(`${customers[1].name}.*atribuído a você`))).toBeVisible();
  await brunoPage.getByRole('tab', { name: /Abertos/ }).click();
  await expect(ticketItem(brunoPage, customers[1].name)).toBeVisible();
  await expect(ticketItem(brunoPage, customers[0].name)).toHaveCount(0);
  await anaPage.screenshot({ path: `${SCREENSHOTS}/assignment-ana-open.png` });

  // Both are full: the third waits in the queue
  await writes(customers[2], 'Alguém?');
  await anaPage.getByRole('tab', { name: /Aguardando/ }).click();
  await expect(ticketItem(anaPage, customers[2].name)).toBeVisible();
  await anaPage.screenshot({ path: `${SCREENSHOTS}/assignment-waiting.png` });

  // Ana resolves hers: the waiting ticket is hers now
  await anaPage.getByRole('tab', { name: /Abertos/ }).click();
  await ticketItem(anaPage, customers[0].name).click();
  await anaPage.getByRole('button', { name: 'Resolver' }).click();
  await anaPage.getByRole('menuitem', { name: 'Resolver sem mensagem de despedida' }).click();
  await expect(ticketItem(anaPage, customers[0].name)).toHaveCount(0);
  await expect(anaPage.getByText(new RegExp(`${customers[2].name}.*atribuído a você`))).toBeVisible();
  await expect(ticketItem(anaPage, customers[2].name)).toBeVisible();
  await expect(ticketItem(brunoPage, customers[2].name)).toHaveCount(0);

  // Its log says the rule gave it to her
  await ticketItem(anaPage, customers[2].name).click();
  await anaPage.getByRole('button', { name: 'Mais opções' }).click();
  await anaPage.getByRole('menuitem', { name: 'Histórico do ticket' }).click();
  await expect(anaPage.getByTestId('ticket-log')).toContainText(
    `Atribuído a ${ana.name} pela regra de distribuição da fila ${queueName}`,
  );
  await anaPage.screenshot({ path: `${SCREENSHOTS}/assignment-log.png` });
  await anaContext.close();
  await brunoContext.close();
});
