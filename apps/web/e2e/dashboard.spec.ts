import { type GraphStandin, inbound } from '@atendo/graph-standin';
import { expect, type Page, test } from '@playwright/test';
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
 * Issue 17: the admin keeps the dashboard open while a customer writes in, an attendant accepts, answers and closes,
 * and the customer answers the NPS question — the "now" counters follow each step live, and the period's counters,
 * the NPS and the charts show the finished, rated attendance (no reload).
 */
test('an admin sees the counters and charts move as a conversation is accepted and closed with an NPS answer', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const owner = await signUpCompany(request, 'Dashboard');
  const stamp = `${Date.now()}`.slice(-8);
  // The API calls are the attendant's (one session per user: the admin's stays in the browser).
  const ownerHeaders = await apiHeaders(request, owner);
  const queueId = await createVia(request, '/queue', ownerHeaders, {
    name: `Atendimento ${stamp}`,
    color: `#3${stamp.slice(-5)}`,
    greetingMessage: 'Bem-vindo!',
  });
  const phoneNumberId = `79${stamp}01`;
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
  const attendant = { name: `Atendente ${stamp}`, email: `atendente.${stamp}@example.com`, password: 'Senha#123' };
  await createVia(request, '/users', ownerHeaders, { ...attendant, profile: 'user', queueIds: [queueId] });
  const headers = await apiHeaders(request, attendant);

  await signIn(page, owner.email, owner.password);
  await expect(page).toHaveURL(/\/tickets$/);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(counter(page, 'tickets')).toHaveText('0');
  await expect(counter(page, 'supportPending')).toHaveText('0');
  await expect(page.getByText('Nenhum atendimento no período.')).toBeVisible();

  // A customer writes in: a waiting ticket, counted live.
  const customer = `55119${stamp}`;
  const name = `Cliente Painel ${stamp}`;
  const webhook = { url: `${API_URL}/webhooks/whatsappapi/${connectionId}`, contacts: [{ waId: customer, name }] };
  expect(
    (await standin.deliverMessages(phoneNumberId, [inbound.text({ from: customer, body: 'Oi, preciso de ajuda' })], webhook))
      .status,
  ).toBe(200);
  await expect(counter(page, 'supportPending')).toHaveText('1');
  await expect(counter(page, 'tickets')).toHaveText('1');
  await expect(counter(page, 'passiveTickets')).toHaveText('1');
  await expect(counter(page, 'leads')).toHaveText('1');
  await expect(page.getByTestId('chart-per-day-total')).toHaveText('Total: 1');

  // The attendant accepts and answers.
  const list = await request.get(`${API_URL}/tickets?status=pending`, { headers });
  const ticket = ((await list.json()) as { tickets: { id: number; contact: { name: string } }[] }).tickets.find(
    (x) => x.contact.name === name,
  );
  expect(ticket).toBeTruthy();
  const ticketId = ticket!.id;
  const put = (data: object) => request.put(`${API_URL}/tickets/${ticketId}`, { headers, data });
  expect((await put({ status: 'open' })).ok()).toBeTruthy();
  await expect(counter(page, 'supportHappening')).toHaveText('1');
  await expect(counter(page, 'supportPending')).toHaveText('0');
  const reply = await request.post(`${API_URL}/messages/${ticketId}`, { headers, data: { body: 'Olá! Já resolvo para você.' } });
  expect(reply.ok(), await reply.text()).toBeTruthy();

  // Closing asks the customer for a rating: the ticket waits for it.
  const closing = await put({ status: 'closed' });
  expect(((await closing.json()) as { status: string }).status).toBe('nps');
  await expect(counter(page, 'waitRating')).toHaveText('1');
  await expect(counter(page, 'supportHappening')).toHaveText('0');

  // The customer answers 10: the attendance is finished, rated, and a promoter.
  expect((await standin.deliverMessages(phoneNumberId, [inbound.text({ from: customer, body: '10' })], webhook)).status).toBe(
    200,
  );
  await expect(counter(page, 'supportFinished')).toHaveText('1');
  await expect(counter(page, 'waitRating')).toHaveText('0');
  await expect(counter(page, 'withRating')).toHaveText('1');
  await expect(counter(page, 'percRating')).toHaveText('100%');
  await expect(page.getByTestId('nps-score')).toHaveText('100');
  await expect(counter(page, 'avgWaitTime')).toHaveText(/^\d\dh \d\dm$/);
  await page.screenshot({ path: `${SCREENSHOTS}/dashboard-indicators.png`, fullPage: true });

  // Attendants: the attendant's row and the tickets-per-attendant chart.
  await page.getByRole('tab', { name: 'Atendentes' }).click();
  const row = page.getByTestId('attendant-row').filter({ hasText: attendant.name });
  await expect(row).toContainText('10');
  await expect(page.getByTestId('chart-per-user-total')).toHaveText('Total: 1');
  await expect(page.getByTestId('chart-per-user').locator('svg').first()).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}/dashboard-attendants.png`, fullPage: true });
});
