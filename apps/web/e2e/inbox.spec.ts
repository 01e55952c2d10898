import { expect, type Page, test } from '@playwright/test';
import { API_URL, SCREENSHOTS, signIn, signUpCompany } from './helpers';

/**
 * The inbox around the list (issue 7): new ticket with contact search, the 'ticket already open' dialog, the filter
 * panel, the ticket log, the contact drawer with a note, delete (admin) and close-all. A company of its own.
 */
test.describe('inbox dialogs (issue 7)', () => {
  test('new ticket, already open, filters, log, contact notes, delete and close-all', async ({ page, request }) => {
    const account = await signUpCompany(request, 'Inbox');
    const login = await request.post(`${API_URL}/auth/login`, { data: { email: account.email, password: account.password } });
    expect(login.ok(), await login.text()).toBeTruthy();
    const { token, user } = (await login.json()) as { token: string; user: { id: number } };
    // One session per user (seed 000 §4): after the browser signs in, the API calls use the browser's token.
    let bearer = token;
    const api = async <T>(method: 'get' | 'post' | 'put', path: string, data?: unknown): Promise<T> => {
      const res = await request[method](`${API_URL}${path}`, { headers: { authorization: `Bearer ${bearer}` }, data });
      expect(res.ok(), `${method} ${path}: ${await res.text()}`).toBeTruthy();
      return (res.status() === 204 ? undefined : await res.json()) as T;
    };
    const stamp = `${Date.now()}`.slice(-6);
    const queue = await api<{ id: number }>('post', '/queue', { name: `Suporte ${stamp}`, color: '#3366ff' });
    await api('put', `/users/${user.id}`, { queueIds: [queue.id] });
    await api('post', '/whatsapp', {
      name: `Cloud ${stamp}`,
      channel: 'whatsappapi',
      phoneNumberId: `55${stamp}0002`,
      accessToken: 'tok',
      appSecret: 'secret',
      queueIds: [queue.id],
      isDefault: true,
    });
    await api('post', '/contacts', { name: `Maria Inbox ${stamp}`, number: `5511977${stamp}` });
    const joao = await api<{ id: number }>('post', '/contacts', { name: `João Inbox ${stamp}`, number: `5511988${stamp}` });
    const tag = await api<{ id: number }>('post', '/tags', { name: `VIP ${stamp}`, color: '#aa00aa', kanban: 0 });
    await api('post', '/tags', { name: `Outra ${stamp}`, color: '#00aaaa', kanban: 0 });

    await signIn(page, account.email, account.password);
    await expect(page).toHaveURL(/\/tickets$/);
    bearer = (await page.evaluate(() => window.localStorage.getItem('token'))) as string;

    // New ticket: the contact is searched from 3 characters, the queue is required.
    await page.getByRole('button', { name: 'Novo ticket' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Novo ticket' });
    await dialog.getByLabel('Contato').fill('Ma');
    await expect(page.getByText('Digite ao menos 3 caracteres').first()).toBeVisible();
    await dialog.getByLabel('Contato').fill(`Maria Inbox ${stamp}`);
    await page.getByRole('option', { name: new RegExp(`Maria Inbox ${stamp}`) }).click();
    await page.screenshot({ path: `${SCREENSHOTS}/inbox-new-ticket.png` });
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(page).toHaveURL(/\/tickets\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId('ticket-contact-name')).toContainText(`Maria Inbox ${stamp}`);
    const uuid = page.url().split('/').pop() as string;
    // 1366 px with the menu open and the list at its default width: the composer's text has a row of its own,
    // wide, its placeholder on one line (issue 16 item 10: it was ~215 px wide and three lines tall)
    const composer = page.getByLabel('Mensagem', { exact: true });
    await expect(composer).toBeEnabled();
    const box = await composer.boundingBox();
    expect(box?.width ?? 0).toBeGreaterThan(400);
    expect(box?.height ?? 99).toBeLessThan(40);
    await page.screenshot({ path: `${SCREENSHOTS}/inbox-1366.png` });

    // The same contact again: the 'ticket already open' dialog names who holds it and opens it.
    await page.getByRole('button', { name: 'Novo ticket' }).first().click();
    await dialog.getByLabel('Contato').fill(`Maria Inbox ${stamp}`);
    await page.getByRole('option', { name: new RegExp(`Maria Inbox ${stamp}`) }).click();
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    const already = page.getByTestId('ticket-already-open');
    await expect(already).toContainText(account.name);
    await expect(already).toContainText(`Suporte ${stamp}`);
    await page.screenshot({ path: `${SCREENSHOTS}/inbox-already-open.png` });
    await already.getByRole('button', { name: 'Abrir ticket' }).click();
    await expect(page).toHaveURL(new RegExp(`/tickets/${uuid}$`));

    // The ticket log lists its creation and acceptance.
    await openMore(page, 'Histórico do ticket');
    await expect(page.getByTestId('ticket-log')).toContainText('Ticket criado');
    await page.getByRole('dialog').getByRole('button', { name: 'Fechar' }).click();

    // The contact drawer: a note of 1 character is refused, one of more is kept.
    await openMore(page, 'Dados do contato');
    const drawerBox = page.getByTestId('contact-drawer');
    // The number is shown as people read it (decision 111): +55 11 977ss ssss for 5511977ssssss.
    await expect(drawerBox).toContainText(`+55 11 977${stamp.slice(0, 2)} ${stamp.slice(2)}`);
    await drawerBox.getByPlaceholder('Escreva uma anotação…').fill('x');
    await expect(drawerBox.getByRole('button', { name: 'Salvar anotação' })).toBeDisabled();
    await drawerBox.getByPlaceholder('Escreva uma anotação…').fill('Prefere contato à tarde');
    await drawerBox.getByRole('button', { name: 'Salvar anotação' }).click();
    await expect(page.getByTestId('contact-notes')).toContainText('Prefere contato à tarde');
    await page.screenshot({ path: `${SCREENSHOTS}/inbox-contact-drawer.png` });
    await page.keyboard.press('Escape');

    // Filters: the tag on Maria's ticket keeps it, the other tag empties the tab.
    const ticket = await api<{ id: number }>('get', `/tickets/u/${uuid}`);
    await api('put', `/ticket-tags/${ticket.id}/${tag.id}`);
    await page.getByRole('button', { name: 'Filtros' }).click();
    await page.getByTestId('filter-tags').getByRole('combobox').click();
    await page.getByRole('option', { name: `VIP ${stamp}` }).click();
    await page.keyboard.press('Escape'); // the filter applies at once; Escape closes the panel
    await expect(page.getByText(`Maria Inbox ${stamp}`).first()).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}/inbox-filtered.png` });
    // every chosen tag must be on the ticket: with the other tag too, the tab is empty
    await page.getByRole('button', { name: 'Filtros' }).click();
    await page.getByTestId('filter-tags').getByRole('combobox').click();
    await page.getByRole('option', { name: `Outra ${stamp}` }).click();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('ticket-item').filter({ hasText: `Maria Inbox ${stamp}` })).toHaveCount(0);
    await page.getByRole('button', { name: 'Filtros' }).click();
    await page.getByRole('button', { name: 'Limpar' }).click();
    await page.getByRole('button', { name: 'Aplicar' }).click();

    // Delete (admin), with confirmation.
    await openMore(page, 'Excluir ticket');
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /Excluir|Confirmar|OK/ })
      .last()
      .click();
    await expect(page).toHaveURL(/\/tickets$/);
    await expect(page.getByText(`Maria Inbox ${stamp}`)).toHaveCount(0);

    // Close-all: João's open ticket is resolved after the confirmation.
    await api('post', '/tickets', { contactId: joao.id, queueId: queue.id, userId: user.id, status: 'open' });
    await expect(page.getByText(`João Inbox ${stamp}`).first()).toBeVisible();
    await page.getByRole('button', { name: 'Fechar todos' }).first().click();
    await page.getByRole('dialog').getByRole('button', { name: 'Fechar todos' }).click();
    await expect(page.getByText(`João Inbox ${stamp}`)).toHaveCount(0);
    await page.screenshot({ path: `${SCREENSHOTS}/inbox-after-close-all.png` });
  });

  test('narrow screens: two tabs, the ticket and the list of attendances', async ({ page, request }) => {
    const account = await signUpCompany(request, 'Narrow');
    await page.setViewportSize({ width: 600, height: 800 });
    await signIn(page, account.email, account.password);
    await expect(page.getByRole('tab', { name: 'Atendimentos' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tab', { name: 'Ticket', exact: true })).toBeDisabled();
    await page.screenshot({ path: `${SCREENSHOTS}/inbox-narrow.png` });
  });
});

async function openMore(page: Page, item: string) {
  await page.getByRole('button', { name: 'Mais opções' }).click();
  await page.getByRole('menuitem', { name: item }).click();
}
