import { expect, test } from '@playwright/test';
import { companyWithTicket, SCREENSHOTS, signIn } from './helpers';

// The inbox by keyboard (issue 35 item 4): the help sheet, next ticket, accept, reply, leave the composer, resolve.
test('an attendant works the inbox from the keyboard', async ({ page, request }) => {
  test.setTimeout(90_000);
  const { account, contact } = await companyWithTicket(request, 'Teclado', 'pending');

  await signIn(page, account.email, account.password);
  await expect(page).toHaveURL(/\/tickets$/);
  await expect(page.getByText('Atalhos: tecle ? para ver')).toBeVisible();

  // ? opens the sheet; Esc closes it
  await page.keyboard.press('?');
  const sheet = page.getByRole('dialog', { name: 'Atalhos de teclado' });
  await expect(sheet).toBeVisible();
  await expect(sheet.getByText('Próximo atendimento')).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}/shortcuts-sheet.png` });
  await page.keyboard.press('Escape');
  await expect(sheet).toHaveCount(0);

  // the waiting tab, then j opens its first ticket and a accepts it
  await page.getByRole('tab', { name: /Aguardando/ }).click();
  await expect(page.getByTestId('ticket-item')).toHaveCount(1);
  await page.locator('body').click({ position: { x: 5, y: 500 } });
  await page.keyboard.press('j');
  await expect(page).toHaveURL(/\/tickets\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('ticket-contact-name')).toContainText(contact.name);
  await page.keyboard.press('a');
  await expect(page.getByRole('button', { name: 'Resolver' })).toBeVisible();

  // r: the composer; what is typed there is text, not shortcuts; Enter sends; Esc leaves it
  await page.keyboard.press('r');
  const composer = page.getByLabel('Mensagem', { exact: true });
  await expect(composer).toBeFocused();
  await page.keyboard.type('Olá, já vejo o seu pedido');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Olá, já vejo o seu pedido')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(composer).not.toBeFocused();

  // e: resolve (the two-item menu when ratings are off)
  await page.keyboard.press('e');
  await expect(page.getByRole('menu')).toBeVisible();
  await page.getByRole('menuitem').last().click();
  await expect(page).toHaveURL(/\/tickets$/);
});
