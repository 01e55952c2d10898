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

/** A real 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const ticketItem = (page: Page, name: string) => page.getByTestId('ticket-item').filter({ hasText: name });

test.describe('tagging everywhere (issue 20)', () => {
  test('an attendant tags a ticket (a colleague sees it live) and the contact, then closes it with the required tag on', async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(150_000);
    const owner = await signUpCompany(request, 'Tags');
    const call = await apiAs(request, owner.email, owner.password);
    const stamp = `${Date.now()}`.slice(-8);
    const queue = await call<{ id: number }>('post', '/queue', {
      name: 'Vendas',
      color: `#3${stamp.slice(-5)}`,
      greetingMessage: '',
    });
    const ana = { name: `Ana ${stamp}`, email: `ana.t${stamp}@example.com`, password: 'ana12345' };
    const bia = { name: `Bia ${stamp}`, email: `bia.t${stamp}@example.com`, password: 'bia12345' };
    await call('post', '/users', { ...ana, profile: 'user', queueIds: [queue.id] });
    await call('post', '/users', { ...bia, profile: 'user', queueIds: [queue.id] });
    await call('put', '/companySettings', { column: 'requiredTag', data: 'enabled' });
    await call('post', '/tags', { name: 'Orçamento', color: '#1565C0' });
    await call('post', '/tags', { name: 'Cliente VIP', color: '#6A1B9A' });
    const phoneNumberId = `79${stamp}01`;
    const connection = await call<{ id: number }>('post', '/whatsapp', {
      name: `Cloud ${stamp}`,
      channel: 'whatsappapi',
      phoneNumberId,
      accessToken: 'tok',
      appSecret: APP_SECRET,
      queueIds: [queue.id],
    });
    const customer = `55218${stamp}`;
    const name = `Cliente Tag ${stamp}`;

    await signIn(page, ana.email, ana.password);
    await expect(page).toHaveURL(/\/tickets$/);
    await page.getByRole('tab', { name: /Aguardando/ }).click();
    const biaContext = await browser.newContext();
    const biaPage = await biaContext.newPage();
    await signIn(biaPage, bia.email, bia.password);
    await expect(biaPage).toHaveURL(/\/tickets$/);
    await biaPage.getByRole('tab', { name: /Aguardando/ }).click();

    const sent = await standin.deliverMessages(phoneNumberId, [inbound.text({ from: customer, body: 'Quero um orçamento' })], {
      url: `${API_URL}/webhooks/whatsappapi/${connection.id}`,
      contacts: [{ waId: customer, name }],
    });
    expect(sent.status).toBe(200);
    await expect(ticketItem(page, name)).toBeVisible();
    await expect(ticketItem(biaPage, name)).toBeVisible();

    // Ana tags the waiting ticket from its header: a coloured chip, live on her colleague's list; removed, it goes
    await ticketItem(page, name).click();
    await page.getByRole('combobox', { name: 'Tags do ticket' }).click();
    await page.getByRole('option', { name: 'Orçamento' }).click();
    await expect(page.getByText('Tags atualizadas')).toBeVisible();
    await page.keyboard.press('Escape');
    const headerChip = page.getByTestId('ticket-tags-bar').getByRole('button', { name: 'Orçamento' });
    await expect(headerChip).toBeVisible();
    await expect(ticketItem(biaPage, name)).toContainText('Orçamento');
    await headerChip.locator('svg').click();
    await expect(headerChip).toHaveCount(0);
    await expect(ticketItem(biaPage, name)).not.toContainText('Orçamento');

    // Ana accepts, tries to close: refused without a tag; she tags the ticket
    await page.getByRole('button', { name: 'Aceitar' }).click();
    await expect(page.getByLabel('Mensagem', { exact: true })).toBeEnabled();
    await page.getByRole('button', { name: 'Resolver' }).click();
    await page.getByRole('menuitem', { name: 'Resolver sem mensagem de despedida' }).click();
    await expect(page.getByText('É obrigatório atribuir uma tag antes de finalizar o atendimento.')).toBeVisible();
    await page.getByRole('combobox', { name: 'Tags do ticket' }).click();
    await page.getByRole('option', { name: 'Orçamento' }).click();
    await page.keyboard.press('Escape');
    await expect(headerChip).toBeVisible();

    // the contact's tags in the contact drawer
    await page.getByTestId('ticket-contact-name').click();
    await page.getByRole('combobox', { name: 'Tags do contato' }).click();
    await page.getByRole('option', { name: 'Cliente VIP' }).click();
    await expect(page.getByText('Tags atualizadas').first()).toBeVisible();
    await expect
      .poll(async () =>
        (await call<{ name: string }[]>('get', `/contactTags/${await contactIdOf(call, name)}`)).map((t) => t.name),
      )
      .toEqual(['Cliente VIP']);
    await page.screenshot({ path: `${SCREENSHOTS}/tags-contact-drawer.png` });
    await page.keyboard.press('Escape');
    await page.screenshot({ path: `${SCREENSHOTS}/tags-ticket-header.png` });

    // send-contact dialog (seed 000 §2): a contact of the book goes as a contact card, shown on arrival
    await call('post', '/contacts', { name: `Fornecedor ${stamp}`, number: `55117${stamp}` }).catch(() => undefined);
    await page.getByRole('button', { name: 'Enviar contato' }).click();
    const cardDialog = page.getByRole('dialog', { name: 'Enviar contato' });
    await cardDialog.getByLabel('Contato').fill('Fornecedor');
    await page.getByRole('option', { name: new RegExp(`Fornecedor ${stamp}`) }).click();
    await cardDialog.getByRole('button', { name: 'Enviar' }).click();
    await expect(cardDialog).toHaveCount(0);
    await expect(page.getByTestId('message').filter({ hasText: `Fornecedor ${stamp}` })).toBeVisible();
    await expect
      .poll(() =>
        standin.sent.some((s) => s.phoneNumberId === phoneNumberId && JSON.stringify(s.body).includes('"type":"contacts"')),
      )
      .toBe(true);

    // private files: only the team sees them
    await page.getByRole('button', { name: 'Mais opções' }).last().click();
    await page.getByRole('menuitem', { name: 'Arquivos privados' }).click();
    const filesDialog = page.getByRole('dialog', { name: 'Arquivos privados' });
    await expect(filesDialog.getByText('Nenhum arquivo privado.')).toBeVisible();
    await page.getByTestId('private-file-input').setInputFiles({ name: 'contrato.png', mimeType: 'image/png', buffer: PNG });
    await expect(filesDialog.getByRole('link', { name: 'contrato.png' })).toBeVisible();
    await filesDialog.getByRole('button', { name: 'Fechar' }).click();
    await expect(filesDialog).toHaveCount(0);

    // now it closes
    await page.getByRole('button', { name: 'Resolver' }).click();
    await page.getByRole('menuitem', { name: 'Resolver sem mensagem de despedida' }).click();
    await expect(page).toHaveURL(/\/tickets$/);
    await expect(ticketItem(page, name)).toHaveCount(0);
    await biaContext.close();
  });
});

async function contactIdOf(call: Awaited<ReturnType<typeof apiAs>>, name: string) {
  const page = await call<{ contacts: { id: number; name: string }[] }>(
    'get',
    `/contacts?searchParam=${encodeURIComponent(name)}`,
  );
  return page.contacts[0]?.id;
}
