import { type GraphStandin, inbound } from '@atendo/graph-standin';
import { expect, type Page, test } from '@playwright/test';
import { API_URL, APP_SECRET, apiAs, SCREENSHOTS, signIn, signUpCompany, startStandin } from './helpers';

let standin: GraphStandin;
test.beforeAll(async () => {
  standin = await startStandin(['sent', 'delivered', 'read']);
});
test.afterAll(async () => {
  await standin?.close();
});

const lane = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const card = (page: Page, name: string) => page.getByTestId('kanban-card').filter({ hasText: name });

/** A real pointer drag (pressed, moved past the activation distance, moved in steps, released). */
async function drag(page: Page, from: ReturnType<Page['locator']>, to: ReturnType<Page['locator']>) {
  const a = await from.boundingBox();
  const b = await to.boundingBox();
  if (!a || !b) throw new Error('not visible');
  await page.mouse.move(a.x + a.width / 2, a.y + 20);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 12, a.y + 24, { steps: 3 });
  await page.mouse.move(b.x + b.width / 2, b.y + 80, { steps: 12 });
  await page.mouse.up();
}

test.describe('kanban (issue 20)', () => {
  test('a card dragged between lanes in one browser moves in another; the move menu is the keyboard way', async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(150_000);
    const owner = await signUpCompany(request, 'Kanban');
    const call = await apiAs(request, owner.email, owner.password);
    const stamp = `${Date.now()}`.slice(-8);
    const queue = await call<{ id: number }>('post', '/queue', {
      name: 'Vendas',
      color: `#4${stamp.slice(-5)}`,
      greetingMessage: '',
    });
    const ana = { name: `Ana ${stamp}`, email: `ana.k${stamp}@example.com`, password: 'ana12345' };
    await call('post', '/users', { ...ana, profile: 'user', queueIds: [queue.id] });
    await call('post', '/tags', { name: 'Proposta', color: '#1565C0', kanban: 1, position: 1 });
    await call('post', '/tags', { name: 'Fechamento', color: '#2E7D32', kanban: 1, position: 2 });
    const phoneNumberId = `81${stamp}01`;
    const connection = await call<{ id: number }>('post', '/whatsapp', {
      name: `Cloud ${stamp}`,
      channel: 'whatsappapi',
      phoneNumberId,
      accessToken: 'tok',
      appSecret: APP_SECRET,
      queueIds: [queue.id],
    });
    const customer = `55217${stamp}`;
    const name = `Cliente Kanban ${stamp}`;
    const sent = await standin.deliverMessages(
      phoneNumberId,
      [inbound.text({ from: customer, body: 'Gostaria de uma proposta para cinquenta licenças' })],
      { url: `${API_URL}/webhooks/whatsappapi/${connection.id}`, contacts: [{ waId: customer, name }] },
    );
    expect(sent.status).toBe(200);

    await signIn(page, owner.email, owner.password);
    await expect(page).toHaveURL(/\/tickets$/);
    await page.goto('/Kanban');
    const anaContext = await browser.newContext();
    const anaPage = await anaContext.newPage();
    await signIn(anaPage, ana.email, ana.password);
    await expect(anaPage).toHaveURL(/\/tickets$/);
    await anaPage.goto('/Kanban');

    // the new ticket sits in the default first lane, its last message cut at 25 characters
    await expect(lane(page, 'Em aberto').getByTestId('kanban-card').filter({ hasText: name })).toBeVisible();
    await expect(card(page, name).getByTestId('kanban-card-last-message')).toHaveText('Gostaria de uma proposta…');
    await expect(lane(anaPage, 'Em aberto').getByTestId('kanban-card').filter({ hasText: name })).toBeVisible();
    await expect(anaPage.getByRole('button', { name: 'Adicionar colunas' })).toHaveCount(0);
    await page.screenshot({ path: `${SCREENSHOTS}/kanban-board.png` });

    // the owner drags it to Proposta; Ana's board follows
    await drag(page, card(page, name), lane(page, 'Proposta'));
    await expect(page.getByText('Ticket Tag Adicionado com Sucesso!')).toBeVisible();
    await expect(lane(page, 'Proposta').getByTestId('kanban-card').filter({ hasText: name })).toBeVisible();
    await expect(lane(anaPage, 'Proposta').getByTestId('kanban-card').filter({ hasText: name })).toBeVisible();
    await expect(lane(anaPage, 'Em aberto').getByTestId('kanban-card')).toHaveCount(0);

    // Ana moves it with the keyboard: the move menu, then Fechamento; the owner's board follows
    const moveButton = anaPage.getByRole('button', { name: `Mover ${name} para…` });
    await moveButton.focus();
    await anaPage.keyboard.press('Enter');
    await anaPage.getByRole('menuitem', { name: 'Fechamento' }).focus();
    await anaPage.keyboard.press('Enter');
    await expect(lane(anaPage, 'Fechamento').getByTestId('kanban-card').filter({ hasText: name })).toBeVisible();
    await expect(lane(page, 'Fechamento').getByTestId('kanban-card').filter({ hasText: name })).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}/kanban-moved.png` });

    // the lane admin: back to the board
    await page.getByRole('button', { name: 'Adicionar colunas' }).click();
    await expect(page).toHaveURL(/\/TagsKanban$/);
    await expect(page.getByRole('heading', { name: 'Colunas do kanban (2)' })).toBeVisible();
    await expect(page.getByTestId('tag-chip')).toHaveCount(2);
    await page.screenshot({ path: `${SCREENSHOTS}/tags-kanban.png` });
    await anaContext.close();
    // the ticket carries the lane's tag (an API sign-in ends the owner's browser session: done last)
    const again = await apiAs(request, owner.email, owner.password);
    const tickets = await again<{ tickets: { tags: { name: string }[] }[] }>('get', '/ticket/kanban');
    expect(tickets.tickets[0].tags.map((t) => t.name)).toEqual(['Fechamento']);
  });
});
