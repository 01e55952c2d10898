import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type GraphStandin, inbound } from '@atendo/graph-standin';
import { expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { API_URL, APP_SECRET, apiHeaders, createVia, SCREENSHOTS, signIn, signUpCompany, startStandin } from './helpers';

let standin: GraphStandin;
test.beforeAll(async () => {
  standin = await startStandin(['sent']);
});
test.afterAll(async () => {
  await standin?.close();
});

const counter = (page: Page, name: string) => page.getByTestId(`counter-${name}-value`);

/**
 * Issue 33 item 3: a customer is attended, rated 9 after writing what they thought of it; the admin opens the
 * dashboard's Satisfação tab and sees NPS, CSAT, response rate, the distribution, the trend, the attendant's row and
 * the customer's words with a link to the ticket; searches them, filters by another queue (nothing), and exports.
 */
test('an admin reads the satisfaction report with the customer’s words, filters and exports it', async ({ page, request }) => {
  test.setTimeout(180_000);
  const owner = await signUpCompany(request, 'Satisfacao');
  const stamp = `${Date.now()}`.slice(-8);
  const ownerHeaders = await apiHeaders(request, owner);
  const queueId = await createVia(request, '/queue', ownerHeaders, {
    name: `Vendas ${stamp}`,
    color: `#3${stamp.slice(-5)}`,
    greetingMessage: 'Bem-vindo!',
  });
  const otherQueue = `Suporte ${stamp}`;
  await createVia(request, '/queue', ownerHeaders, { name: otherQueue, color: `#4${stamp.slice(-5)}`, greetingMessage: 'Olá!' });
  const phoneNumberId = `78${stamp}01`;
  const connectionId = await createVia(request, '/whatsapp', ownerHeaders, {
    name: `Cloud ${stamp}`,
    channel: 'whatsappapi',
    phoneNumberId,
    accessToken: 'tok',
    appSecret: APP_SECRET,
    queueIds: [queueId],
    ratingMessage: 'De 0 a 10, quanto você nos recomendaria?',
    complationMessage: 'Obrigado!',
    expiresTicketNPS: 30,
  });
  const rating = await request.put(`${API_URL}/companySettings`, {
    headers: ownerHeaders,
    data: { column: 'userRating', data: 'enabled' },
  });
  expect(rating.ok(), await rating.text()).toBeTruthy();
  const attendant = { name: `Atendente ${stamp}`, email: `atendente.sat.${stamp}@example.com`, password: 'Senha#123' };
  await createVia(request, '/users', ownerHeaders, { ...attendant, profile: 'user', queueIds: [queueId] });
  const headers = await apiHeaders(request, attendant);

  // A customer writes in, the attendant accepts, answers and closes: the rating question goes out.
  const customer = `55118${stamp}`;
  const name = `Cliente Satisfeito ${stamp}`;
  const webhook = { url: `${API_URL}/webhooks/whatsappapi/${connectionId}`, contacts: [{ waId: customer, name }] };
  const say = async (body: string) =>
    expect((await standin.deliverMessages(phoneNumberId, [inbound.text({ from: customer, body })], webhook)).status).toBe(200);
  await say('Oi, quero comprar');
  let ticket: { id: number; uuid: string; contact: { name: string } } | undefined;
  await expect(async () => {
    const list = await request.get(`${API_URL}/tickets?status=pending`, { headers });
    ticket = ((await list.json()) as { tickets: NonNullable<typeof ticket>[] }).tickets.find((x) => x.contact.name === name);
    expect(ticket).toBeTruthy();
  }).toPass();
  const put = (data: object) => request.put(`${API_URL}/tickets/${ticket!.id}`, { headers, data });
  expect((await put({ status: 'open' })).ok()).toBeTruthy();
  const reply = await request.post(`${API_URL}/messages/${ticket!.id}`, { headers, data: { body: 'Claro! Já te ajudo.' } });
  expect(reply.ok(), await reply.text()).toBeTruthy();
  const closing = await put({ status: 'closed' });
  expect(((await closing.json()) as { status: string }).status).toBe('nps');
  // The customer's words, then the score.
  const words = `Atendimento excelente ${stamp}, muito rápido!`;
  await say(words);
  await say('9');
  await expect(async () => {
    const res = await request.get(`${API_URL}/tickets/u/${ticket!.uuid}`, { headers: ownerHeaders });
    expect(((await res.json()) as { status: string }).status).toBe('closed');
  }).toPass();

  await signIn(page, owner.email, owner.password);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await page.getByRole('tab', { name: 'Satisfação' }).click();
  await expect(counter(page, 'satisfactionNps')).toHaveText('100');
  await expect(counter(page, 'satisfactionCsat')).toHaveText('100%');
  await expect(counter(page, 'satisfactionResponseRate')).toHaveText('100%');
  await expect(counter(page, 'satisfactionRated')).toHaveText('1 / 1');
  await expect(page.getByTestId('satisfaction-distribution-total')).toHaveText('Total: 1');
  await expect(page.getByTestId('satisfaction-trend').locator('svg').first()).toBeVisible();
  await expect(page.getByTestId('satisfaction-attendants-row').filter({ hasText: attendant.name })).toContainText('100');
  const comment = page.getByTestId('satisfaction-comment');
  await expect(comment).toHaveCount(1);
  await expect(comment).toContainText(words);
  await expect(comment).toContainText(name);
  await page.screenshot({ path: `${SCREENSHOTS}/dashboard-satisfaction.png`, fullPage: true });

  // The search: a word that is not there, then one that is.
  await page.getByTestId('satisfaction-search').fill('inexistente');
  await expect(page.getByText('Nenhum comentário no período.')).toBeVisible();
  await page.getByTestId('satisfaction-search').fill('excelente');
  await expect(comment).toHaveCount(1);

  // The export holds the figures and the words.
  const dir = mkdtempSync(path.join(tmpdir(), 'atendo-satisfaction-'));
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('satisfaction-export').click()]);
  expect(download.suggestedFilename()).toBe('relatorio-de-satisfacao.xlsx');
  const saved = path.join(dir, download.suggestedFilename());
  await download.saveAs(saved);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(readFileSync(saved) as unknown as ArrayBuffer);
  expect(book.getWorksheet('resumo')?.getRow(5).values).toEqual([undefined, 'NPS', 100]);
  const sheet = book.getWorksheet('comentários')!;
  expect(sheet.getRow(1).getCell(7).value).toBe('Comentário do cliente');
  expect(sheet.getRow(2).getCell(7).value).toBe(words);

  // Another queue: nothing in it.
  await page.getByRole('combobox', { name: 'Filas' }).click();
  await page.getByRole('option', { name: otherQueue }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await expect(counter(page, 'satisfactionNps')).toHaveText('—');
  await expect(page.getByText('Nenhum comentário no período.')).toBeVisible();

  // Back to every queue, then the ticket from the customer's words.
  await page.goto('/');
  await page.getByRole('tab', { name: 'Satisfação' }).click();
  await page.getByRole('link', { name: `Ticket #${ticket!.id}` }).click();
  await expect(page).toHaveURL(new RegExp(`/tickets/${ticket!.uuid}$`));
});
