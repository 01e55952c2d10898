import { expect, test } from '@playwright/test';
import { API_URL, apiAs, apiHeaders, axeProblems, companyWithTicket, SCREENSHOTS, signIn } from './helpers';

/**
 * The conversation (issue 35 item 3): at 1440 px the contact panel sits beside it, open, with the contact's
 * attributes, tags, kanban stage and previous conversations; the composer's Private note tab sends a note that shows
 * its author; the panel's toggle is remembered; at 390 px the panel is a drawer.
 */
test('the contact panel beside the conversation, the note mode, and the drawer on a phone', async ({ page, request }) => {
  test.setTimeout(120_000);
  const { account, contact, ticket: first } = await companyWithTicket(request, 'Painel', 'open');
  const api = await apiAs(request, account.email, account.password);

  // an earlier conversation, resolved, and the one open now
  const detail = await api<{ queueId: number; userId: number }>('get', `/tickets/${first.id}`);
  await api('put', `/tickets/${first.id}`, { status: 'closed', sendFarewellMessage: false });
  const ticket = await api<{ id: number; uuid: string }>('post', '/tickets', {
    contactId: contact.id,
    queueId: detail.queueId,
    status: 'open',
    userId: detail.userId,
  });
  await api('put', `/contacts/${contact.id}`, {
    email: 'cliente.painel@example.com',
    extraInfo: [{ name: 'Plano', value: 'Ouro anual' }],
  });
  const vip = await api<{ id: number }>('post', '/tags', { name: 'Cliente VIP', color: '#1565c0' });
  await api('post', '/tags/sync', { contactId: contact.id, tags: [vip.id] });
  await api('post', `/messages/${ticket.id}`, { body: 'Bom dia! Seu pedido foi separado.' });
  const lane = await api<{ id: number }>('post', '/tags', { name: 'Negociação', color: '#ef6c00', kanban: 1 });
  // the lane's PUT answers no body (apiAs reads one): a plain call with a fresh sign-in
  const tagged = await request.put(`${API_URL}/ticket-tags/${ticket.id}/${lane.id}`, {
    headers: await apiHeaders(request, account),
  });
  expect(tagged.ok()).toBeTruthy();

  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, account.email, account.password);
  await expect(page).toHaveURL(/\/tickets$/);
  await page.goto(`/tickets/${ticket.uuid}`);

  // wide: the panel is docked and open by default
  const panel = page.getByRole('complementary', { name: 'Painel do contato' });
  await expect(panel).toBeVisible();
  await expect(panel.getByTestId('contact-drawer-name')).toHaveText(contact.name);
  await expect(panel.getByText('cliente.painel@example.com')).toBeVisible();
  await expect(panel.getByText('Ouro anual')).toBeVisible();
  await expect(panel.getByTestId('contact-drawer-tags')).toContainText('Cliente VIP');
  await expect(panel.getByRole('combobox', { name: 'Etapa do kanban' })).toHaveText('Negociação');
  const earlier = panel.getByTestId('previous-conversation');
  await expect(earlier).toHaveCount(1);
  await expect(earlier).toContainText(`#${first.id}`);
  await expect(earlier).toContainText('Resolvido');

  // sections fold and open again
  const history = panel.getByRole('button', { name: 'Conversas anteriores' });
  await history.click();
  await expect(history).toHaveAttribute('aria-expanded', 'false');
  await expect(earlier).toHaveCount(0);
  await history.click();
  await expect(earlier).toHaveCount(1);

  // the composer: Reply by default, the Private note tab turns it amber and sends a note with its author
  await expect(page.getByRole('tab', { name: 'Responder' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tab', { name: 'Nota privada' }).click();
  const composer = page.getByLabel('Mensagem', { exact: true });
  await expect(composer).toHaveAttribute('placeholder', 'Nota privada: só a equipe vê');
  await composer.fill('Cliente prefere entrega à tarde');
  await page.screenshot({ path: `${SCREENSHOTS}/conversation-panel-note-1440.png` });
  const problems = await axeProblems(page, 'note light 1440');
  await composer.press('Enter');
  const note = page.getByTestId('message').filter({ hasText: 'Cliente prefere entrega à tarde' });
  await expect(note.getByTestId('private-note-label')).toHaveText(`Nota privada de ${account.name}`);
  await page.screenshot({ path: `${SCREENSHOTS}/conversation-panel-light-1440.png` });

  // the toggle closes the panel, and the choice outlives a reload
  const toggle = page.getByRole('button', { name: 'Mostrar ou ocultar o painel do contato' });
  await toggle.click();
  await expect(panel).toHaveCount(0);
  await page.reload();
  await expect(page.getByLabel('Mensagem', { exact: true })).toBeVisible();
  await expect(panel).toHaveCount(0);
  await toggle.click();
  await expect(panel).toBeVisible();

  // a previous conversation opens its ticket
  await earlier.click();
  await expect(page).toHaveURL(new RegExp(`/tickets/${first.uuid}$`));
  await expect(page.getByTestId('ticket-contact-name')).toContainText(`#${first.id}`);

  await page.emulateMedia({ colorScheme: 'dark' });
  await page.evaluate(() => window.localStorage.setItem('preferredTheme', 'dark'));
  await page.goto(`/tickets/${ticket.uuid}`);
  await expect(panel).toBeVisible();
  await page.getByRole('tab', { name: 'Nota privada' }).click();
  await page.screenshot({ path: `${SCREENSHOTS}/conversation-panel-dark-1440.png` });
  problems.push(...(await axeProblems(page, 'note dark 1440')));

  // a phone: no docked panel; the toggle opens the drawer
  for (const scheme of ['dark', 'light'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.evaluate((mode) => window.localStorage.setItem('preferredTheme', mode), scheme);
    await page.setViewportSize({ width: 390, height: 780 });
    await page.goto(`/tickets/${ticket.uuid}`);
    await expect(page.getByLabel('Mensagem', { exact: true })).toBeVisible();
    await expect(panel).toHaveCount(0);
    await page.screenshot({ path: `${SCREENSHOTS}/conversation-${scheme}-390.png` });
    await page.getByRole('button', { name: 'Mostrar ou ocultar o painel do contato' }).click();
    const drawer = page.getByTestId('contact-drawer');
    await expect(drawer).toBeVisible();
    await expect(drawer.getByTestId('previous-conversation')).toHaveCount(1);
    await page.screenshot({ path: `${SCREENSHOTS}/conversation-panel-${scheme}-390.png` });
    problems.push(...(await axeProblems(page, `drawer ${scheme} 390`)));
    await page.getByRole('button', { name: 'Fechar o painel do contato' }).click();
    await expect(drawer).toHaveCount(0);
  }
  // no serious or critical accessibility problem in the note mode and the drawer, light and dark (issue 35 item 7)
  expect(problems).toEqual([]);
});
