import type { GraphStandin } from '@atendo/graph-standin';
import { expect, test } from '@playwright/test';
import {
  ADMIN,
  API_URL,
  apiHeaders,
  choose,
  createCloudConnection,
  createVia,
  SCREENSHOTS,
  signIn,
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
 * Issue 36: a campaign on a Cloud API connection to people who never wrote. As free text it is refused (Meta would
 * answer each with 131047); with an approved template whose variable reads the list's name column, each person gets
 * the template with their own name, and the report counts it sent and delivered.
 */
test('a template campaign to cold numbers: free text refused → pick the template, map a variable → start → report', async ({
  page,
  request,
}) => {
  test.setTimeout(360_000);
  const stamp = `${Date.now()}`.slice(-7);
  const headers = await apiHeaders(request);
  const connection = `Cloud Modelo ${stamp}`;
  const phoneNumberId = `78${stamp}0001`;
  const wabaId = `31${stamp}0001`;
  const connectionId = await createCloudConnection(request, headers, {
    name: connection,
    phoneNumberId,
    businessAccountId: wabaId,
    queueIds: [],
  });
  standin.addTemplate(
    wabaId,
    {
      name: 'cupom_semana',
      language: 'pt_BR',
      category: 'MARKETING',
      components: [{ type: 'BODY', text: 'Olá {{1}}, seu cupom {{2}} vale até domingo.' }],
    },
    phoneNumberId,
  );
  const synced = await request.post(`${API_URL}/whatsapp/${connectionId}/templates/sync`, { headers });
  expect(synced.ok(), await synced.text()).toBeTruthy();
  const rules = await request.post(`${API_URL}/campaign-settings`, {
    headers,
    data: {
      settings: { messageInterval: 0, longerIntervalAfter: 0, sabado: true, domingo: true, startHour: '00:00', endHour: '23:59' },
    },
  });
  expect(rules.ok(), await rules.text()).toBeTruthy();
  const listName = `Frios ${stamp}`;
  const listId = await createVia(request, '/contact-lists', headers, { name: listName });
  const people = Array.from({ length: 3 }, (_, i) => ({ name: `Frio ${i} ${stamp}`, number: `55118${stamp}${i}` }));
  for (const p of people) await createVia(request, '/contact-list-items', headers, { ...p, contactListId: listId });

  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/tickets/);
  await page.evaluate(() => localStorage.setItem('cshow', 'true'));
  await page.goto('/campaigns');
  await page.getByRole('button', { name: 'Nova campanha' }).click();
  const dialog = page.getByRole('dialog').first();
  await dialog.getByLabel('Nome').first().fill(`Cupom ${stamp}`);
  await choose(page, 'Conexão', connection);
  await choose(page, 'Lista de contatos', `${listName} (3)`);
  await dialog.getByLabel('Mensagem 1').fill('Oi {nome}, temos um cupom!');
  const soon = await page.evaluate(() => {
    const d = new Date(Date.now() + 90_000);
    const p = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
  });
  await dialog.getByLabel('Agendamento').fill(soon);

  // free text to people who never wrote: not saved as scheduled, and the reason says what to do
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText(/3 destinatário\(s\) não escreveram nas últimas 24 horas/)).toBeVisible();

  // the variant's template: the list's name in its first variable, a fixed code in the second
  const field = dialog.getByTestId('campaign-template-1');
  await field.getByRole('button', { name: 'Usar um modelo aprovado' }).click();
  const picker = page.getByRole('dialog', { name: 'Modelo do WhatsApp' });
  await picker
    .getByRole('list', { name: 'Modelos da conta' })
    .getByRole('button', { name: /cupom_semana/ })
    .click();
  await picker.getByRole('button', { name: 'Lista: nome' }).first().click();
  await expect(picker.getByLabel('Corpo: variável 1')).toHaveValue('{nome}');
  await picker.getByLabel('Corpo: variável 2').fill('SEMANA10');
  await expect(picker.getByLabel('Como o cliente verá')).toContainText('Olá {nome}, seu cupom SEMANA10 vale até domingo.');
  await page.screenshot({ path: `${SCREENSHOTS}/campaign-template-picker.png` });
  await picker.getByRole('button', { name: 'Usar modelo' }).click();
  await expect(picker).toBeHidden();
  await expect(field.getByTestId('campaign-template-chosen')).toHaveText('cupom_semana · pt_BR');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Campanha salva com sucesso!')).toBeVisible();

  // an inactive campaign starts by its schedule (a minute or two ahead): the minute's tick starts it
  const row = page.getByRole('row', { name: new RegExp(`Cupom ${stamp}`) });
  await expect(row).toContainText('Programada');
  await expect(row).toContainText(/Em andamento|Finalizada/, { timeout: 180_000 });
  await row.getByRole('button', { name: 'Relatório' }).click();
  await expect(page.getByTestId('campaign-status')).toHaveText('Finalizada', { timeout: 60_000 });
  await expect(page.getByTestId('total-sent')).toHaveText('3');
  await expect(page.getByTestId('total-delivered')).toHaveText('3', { timeout: 30_000 });
  await page.screenshot({ path: `${SCREENSHOTS}/campaign-template-report.png` });

  const sent = standin.sent.filter((s) => people.some((p) => p.number === s.to));
  expect(sent.map((s) => s.type)).toEqual(['template', 'template', 'template']);
  expect(sent.map((s) => s.rendered?.body).sort()).toEqual(
    people.map((p) => `Olá ${p.name}, seu cupom SEMANA10 vale até domingo.`).sort(),
  );
});
