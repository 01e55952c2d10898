import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type GraphStandin, inbound } from '@atendo/graph-standin';
import { expect, test } from '@playwright/test';
import JSZip from 'jszip';
import {
  ADMIN,
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
  standin = await startStandin(['sent', 'delivered', 'read']);
});
test.afterAll(async () => {
  await standin?.close();
});

test.describe("a contact's data under the LGPD (issue 34 item 4)", () => {
  test('an admin exports the contact as a zip, then erases it after typing its number', async ({ page, request }) => {
    const stamp = `${Date.now()}`.slice(-9);
    // the API set-up first: an API sign-in of the same user ends older sessions
    const headers = await apiHeaders(request);
    const queueId = await createVia(request, '/queue', headers, {
      name: `Fila LGPD ${stamp}`,
      color: `#${stamp.slice(-6)}`,
      greetingMessage: 'Bem-vindo!',
    });
    const phoneNumberId = `79${stamp}0001`;
    const connectionId = await createCloudConnection(request, headers, {
      name: `Cloud LGPD ${stamp}`,
      phoneNumberId,
      queueIds: [queueId],
    });
    const customer = `55319${stamp.slice(-8)}`;
    const name = `Titular ${stamp}`;
    const text = `Meu pedido ${stamp}, por favor`;
    const sent = await standin.deliverMessages(phoneNumberId, [inbound.text({ from: customer, body: text })], {
      url: `${API_URL}/webhooks/whatsappapi/${connectionId}`,
      contacts: [{ waId: customer, name }],
    });
    expect(sent.status).toBe(200);

    await signIn(page, ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL(/\/tickets$/);
    await page.goto('/contacts');
    await page.getByLabel('Pesquisar').fill(stamp);
    const row = page.getByTestId('contact-row').filter({ hasText: name });
    await expect(row).toHaveCount(1);
    await row.getByRole('button', { name: 'Editar contato' }).click();
    const privacy = page.getByTestId('contact-privacy');
    await expect(privacy).toBeVisible();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      privacy.getByRole('button', { name: 'Exportar dados (LGPD)' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^contact-\d+-\d{4}-\d{2}-\d{2}\.zip$/);
    const saved = path.join(mkdtempSync(path.join(tmpdir(), 'lgpd-e2e-')), download.suggestedFilename());
    await download.saveAs(saved);
    const zip = await JSZip.loadAsync(readFileSync(saved));
    expect(Object.keys(zip.files)).toEqual(expect.arrayContaining(['contact.json', 'tickets.json', 'messages.json']));
    expect(JSON.parse(await zip.file('contact.json')!.async('string'))).toMatchObject({ name, number: customer });
    const messages = JSON.parse(await zip.file('messages.json')!.async('string')) as { body: string }[];
    expect(messages.map((m) => m.body)).toContain(text);
    await expect(page.getByText('Dados do contato exportados.')).toBeVisible();

    await privacy.getByRole('button', { name: 'Apagar dados (LGPD)' }).click();
    const dialog = page.getByRole('dialog', { name: `Apagar os dados de ${name}?` });
    const confirm = dialog.getByRole('button', { name: 'Apagar definitivamente' });
    await expect(confirm).toBeDisabled();
    await dialog.getByTestId('erase-confirm').fill('123');
    await expect(confirm).toBeDisabled();
    await dialog.getByTestId('erase-confirm').fill(customer);
    await page.screenshot({ path: `${SCREENSHOTS}/contact-erase-confirm.png` });
    await confirm.click();
    await expect(page.getByText('Dados do contato apagados.')).toBeVisible();
    // the list shows the anonymised contact in place (the contact socket event), nothing of the person
    await page.getByLabel('Pesquisar').fill('');
    await expect(page.getByTestId('contact-row').filter({ hasText: name })).toHaveCount(0);
    await page.getByLabel('Pesquisar').fill(customer);
    await expect(page.getByTestId('contact-row')).toHaveCount(0);

    // the conversation keeps its place, without the text
    await page.goto('/tickets');
    await page.getByRole('tab', { name: /Aguardando/ }).click();
    await expect(page.getByTestId('ticket-item').filter({ hasText: text })).toHaveCount(0);
  });

  test("the super admin exports a company's whole data before deleting it", async ({ page, request }) => {
    const account = await signUpCompany(request, 'LGPD');
    await signIn(page, ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL(/\/tickets$/);
    await page.goto('/companies');
    await page.getByRole('searchbox').fill(account.companyName);
    const row = page.getByRole('row', { name: new RegExp(account.companyName) });
    await expect(row).toHaveCount(1);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: `Exportar dados de ${account.companyName}` }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^company-\d+-\d{4}-\d{2}-\d{2}\.zip$/);
    const saved = path.join(mkdtempSync(path.join(tmpdir(), 'lgpd-e2e-')), download.suggestedFilename());
    await download.saveAs(saved);
    const zip = await JSZip.loadAsync(readFileSync(saved));
    expect(JSON.parse(await zip.file('company.json')!.async('string'))).toMatchObject({ name: account.companyName });
    const users = JSON.parse(await zip.file('tables/users.json')!.async('string')) as { email: string; password_hash: string }[];
    expect(users).toEqual([expect.objectContaining({ email: account.email, password_hash: '••••' })]);
    await expect(page.getByText('Dados da empresa exportados.')).toBeVisible();
  });
});
