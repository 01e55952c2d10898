import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type GraphStandin, inbound } from '@atendo/graph-standin';
import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
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

test.describe('tickets report (issue 17 item 3)', () => {
  test('an admin filters the report, opens a ticket log and exports the rows to Excel', async ({ page, request }) => {
    test.setTimeout(180_000);
    const account = await signUpCompany(request, 'Relatorio');
    const headers = await apiHeaders(request, account);
    const stamp = `${Date.now()}`.slice(-9);
    const queueId = await createVia(request, '/queue', headers, {
      name: `Vendas ${stamp}`,
      color: '#2e7d32',
      greetingMessage: 'Olá!',
    });
    const phoneNumberId = `78${stamp}0001`;
    const connectionId = await createCloudConnection(request, headers, {
      name: `Cloud ${stamp}`,
      phoneNumberId,
      queueIds: [queueId],
    });

    // three customers write; the first conversation is accepted and resolved
    const names = [0, 1, 2].map((i) => `Cliente ${i} ${stamp}`);
    for (const [i, name] of names.entries()) {
      const from = `55119${stamp.slice(-7)}${i}`;
      const res = await standin.deliverMessages(phoneNumberId, [inbound.text({ from, body: 'Oi, preciso de ajuda' })], {
        url: `${API_URL}/webhooks/whatsappapi/${connectionId}`,
        contacts: [{ waId: from, name }],
      });
      expect(res.status).toBe(200);
    }
    const ticketOf = async (name: string) => {
      let found: { id: number; uuid: string } | undefined;
      await expect
        .poll(async () => {
          const res = await request.get(`${API_URL}/tickets`, { headers, params: { searchParam: name, showAll: 'true' } });
          found = ((await res.json()) as { tickets: { id: number; uuid: string }[] }).tickets[0];
          return Boolean(found);
        })
        .toBe(true);
      return found as { id: number; uuid: string };
    };
    const first = await ticketOf(names[0]);
    expect((await request.put(`${API_URL}/tickets/${first.id}`, { headers, data: { status: 'open' } })).ok()).toBe(true);
    expect((await request.put(`${API_URL}/tickets/${first.id}`, { headers, data: { status: 'closed' } })).ok()).toBe(true);

    await signIn(page, account.email, account.password);
    // the session is set before the next navigation (a goto right after the click can cut the sign-in short)
    await expect(page).not.toHaveURL(/\/login/);
    await page.goto('/reports');
    await expect(page.getByRole('heading', { name: 'Relatório de atendimentos' })).toBeVisible();
    const rows = page.getByTestId('report-row');
    await expect(rows).toHaveCount(3);
    await expect(page.getByTestId('report-total-total')).toContainText('3');
    await expect(page.getByTestId('report-total-closed')).toContainText('1');
    await page.screenshot({ path: `${SCREENSHOTS}/reports-page.png`, fullPage: true });

    // status filter: only the resolved conversation
    await page.getByTestId('report-statuses').locator('input').click();
    await page.getByRole('option', { name: 'Resolvido' }).click();
    await page.keyboard.press('Escape');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(names[0]);

    // its log: created, accepted, resolved
    await page.getByRole('button', { name: `Histórico do ticket ${first.id}` }).click();
    const log = page.getByRole('dialog');
    await expect(log).toBeVisible();
    await expect(log.getByRole('listitem')).not.toHaveCount(0);
    await log.getByRole('button', { name: 'Fechar' }).click();

    // the export holds the filtered rows
    const dir = mkdtempSync(path.join(tmpdir(), 'atendo-report-'));
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Exportar Excel' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('relatorio-de-atendimentos.xlsx');
    const saved = path.join(dir, download.suggestedFilename());
    await download.saveAs(saved);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(readFileSync(saved) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet.getRow(1).getCell(3).value).toBe('Contato');
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(2).getCell(1).value).toBe(first.id);
    expect(sheet.getRow(2).getCell(3).value).toBe(names[0]);

    // open the ticket from its row
    await page.getByRole('button', { name: `Abrir ticket ${first.id}` }).click();
    await expect(page).toHaveURL(new RegExp(`/tickets/${first.uuid}$`));
  });
});
