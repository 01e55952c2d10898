import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type GraphStandin, inbound } from '@atendo/graph-standin';
import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { ADMIN, API_URL, apiHeaders, createCloudConnection, createVia, SCREENSHOTS, signIn, startStandin } from './helpers';

let standin: GraphStandin;
test.beforeAll(async () => {
  standin = await startStandin(['sent', 'delivered', 'read']);
});

test.afterAll(async () => {
  await standin?.close();
});

test.describe('contacts, tags and quick messages (issue 8)', () => {
  test('import a spreadsheet through the mapping screen, see the contacts, export and re-open the file', async ({ page }) => {
    const stamp = `${Date.now()}`.slice(-8);
    const dir = mkdtempSync(path.join(tmpdir(), 'contacts-e2e-'));
    const file = path.join(dir, 'clientes.xlsx');
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Clientes');
    ws.addRow(['Nome', 'Telefone', 'Email']);
    ws.addRow([`Joana ${stamp}`, `5511${stamp}1`, `joana${stamp}@example.com`]);
    ws.addRow([`Marcos ${stamp}`, `5511${stamp}2`, '']);
    ws.addRow([`Sem Numero ${stamp}`, '', '']);
    await wb.xlsx.writeFile(file);

    await signIn(page, ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL(/\/tickets$/);
    await page.goto('/contacts/import');
    await page.getByTestId('import-file').setInputFiles(file);
    await expect(page.getByText('clientes.xlsx — 3 linhas')).toBeVisible();
    await expect(page.getByTestId('import-row')).toHaveCount(3);
    // the columns were recognised by their headers; the screen still refuses one column mapped twice
    await page.getByLabel('E-mail', { exact: true }).click();
    await page.getByRole('option', { name: 'Nome' }).click();
    await page.getByRole('button', { name: 'Importar', exact: true }).click();
    await expect(page.getByText('O campo Nome já foi selecionado')).toBeVisible();
    await page.getByLabel('E-mail', { exact: true }).click();
    await page.getByRole('option', { name: 'Email' }).click();
    await expect(page.getByRole('listbox')).toBeHidden();
    await expect(page.getByRole('combobox', { name: 'E-mail' })).toHaveText('Email');
    await page.screenshot({ path: `${SCREENSHOTS}/contacts-import-mapping.png` });
    await page.getByRole('button', { name: 'Importar', exact: true }).click();
    await expect(page.getByTestId('import-summary')).toContainText('Criados: 2');
    await expect(page.getByTestId('import-summary')).toContainText('Ignorados (sem nome ou número): 1');
    await page.screenshot({ path: `${SCREENSHOTS}/contacts-import-result.png` });

    await page.getByRole('button', { name: 'Ver contatos' }).click();
    await expect(page).toHaveURL(/\/contacts$/);
    await page.getByLabel('Pesquisar').fill(stamp);
    await expect(page.getByTestId('contact-row')).toHaveCount(2);
    await expect(page.getByTestId('contact-row').filter({ hasText: `Joana ${stamp}` })).toContainText(
      `joana${stamp}@example.com`,
    );
    await page.screenshot({ path: `${SCREENSHOTS}/contacts-page.png` });

    await page.getByRole('button', { name: 'Importar / Exportar' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'Exportar contatos' }).click(),
    ]);
    const saved = path.join(dir, download.suggestedFilename());
    await download.saveAs(saved);
    const exported = new ExcelJS.Workbook();
    await exported.xlsx.load(readFileSync(saved) as unknown as ArrayBuffer);
    const sheet = exported.worksheets[0];
    // the export speaks the UI's language (issue 16 item 11); this journey asserted the English headers before
    expect(sheet.getRow(1).values).toEqual(expect.arrayContaining(['Nome', 'Número', 'E-mail', 'Tags']));
    const names: string[] = [];
    sheet.eachRow((row) => names.push(String(row.getCell(1).value)));
    expect(names).toEqual(expect.arrayContaining([`Joana ${stamp}`, `Marcos ${stamp}`]));
  });

  test('create a tag and a quick message, then use the quick message with / in a conversation', async ({ page, request }) => {
    const stamp = `${Date.now()}`.slice(-9);
    // set up a queue and a Cloud API connection first: an API login of the same user ends older sessions
    const headers = await apiHeaders(request);
    const queueId = await createVia(request, '/queue', headers, {
      name: `Fila QM ${stamp}`,
      color: `#${stamp.slice(-6)}`,
      greetingMessage: 'Bem-vindo!',
    });
    const phoneNumberId = `78${stamp}0001`;
    const connectionId = await createCloudConnection(request, headers, {
      name: `Cloud QM ${stamp}`,
      phoneNumberId,
      queueIds: [queueId],
    });
    const customer = `55219${stamp.slice(-8)}`;
    const name = `Cliente QM ${stamp}`;
    await signIn(page, ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL(/\/tickets$/);

    await page.goto('/tags');
    await page.getByRole('button', { name: 'Nova tag' }).click();
    await page.getByLabel('Nome').fill('ab');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Mensagem muito curta')).toBeVisible();
    await page.getByLabel('Nome').fill(`Retorno ${stamp}`);
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByTestId('tag-chip').filter({ hasText: `Retorno ${stamp}` })).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}/tags-page.png` });

    await page.goto('/quick-messages');
    await page.getByRole('button', { name: 'Nova resposta rápida' }).click();
    await page.getByLabel('Atalho').fill(`prazo${stamp}`);
    await page.getByLabel('Mensagem').fill(`Seu pedido chega em até 3 dias úteis (${stamp}).`);
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByRole('cell', { name: `/prazo${stamp}` })).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}/quick-messages-page.png` });

    // a customer writes in through the Cloud API stand-in
    const sent = await standin.deliverMessages(phoneNumberId, [inbound.text({ from: customer, body: 'Quando chega?' })], {
      url: `${API_URL}/webhooks/whatsappapi/${connectionId}`,
      contacts: [{ waId: customer, name }],
    });
    expect(sent.status).toBe(200);

    await page.goto('/tickets');
    await page.getByRole('tab', { name: /Aguardando/ }).click();
    await page.getByTestId('ticket-item').filter({ hasText: name }).click();
    await page.getByRole('button', { name: 'Aceitar' }).click();
    const composer = page.getByLabel('Mensagem', { exact: true });
    await expect(composer).toBeEnabled();
    await composer.fill(`/prazo${stamp}`);
    await page.getByTestId('quick-messages').getByText(`/prazo${stamp}`).click();
    await expect(composer).toHaveValue(`Seu pedido chega em até 3 dias úteis (${stamp}).`);
    await composer.press('Enter');
    await expect(
      page.getByTestId('message').filter({ hasText: `Seu pedido chega em até 3 dias úteis (${stamp}).` }),
    ).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}/quick-message-used.png` });
  });
});
