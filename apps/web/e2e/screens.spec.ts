import { expect, test } from '@playwright/test';
import { ADMIN, expectShell, SCREENSHOTS, signIn } from './helpers';

// Screens kept for a person to look at (apps/web/e2e/screenshots, git-ignored).
test.describe('screens', () => {
  test('public pages', async ({ page }) => {
    await page.goto('/signup');
    await expect(page.getByRole('button', { name: /Escolher o plano/ }).first()).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}/signup-plans.png` });
    await page
      .getByRole('button', { name: /Escolher o plano/ })
      .first()
      .click();
    await page.getByRole('button', { name: 'Próximo' }).click();
    await page.screenshot({ path: `${SCREENSHOTS}/signup-step0-errors.png` });
    await page.goto('/recovery-password');
    await expect(page.getByLabel('Número de WhatsApp')).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}/recovery.png` });
  });

  test('shell pieces', async ({ page }) => {
    await signIn(page, ADMIN.email, ADMIN.password);
    await expectShell(page);
    // a page load sends no request that fails: the bells do not call routes that are not built yet (issue 16 item 11)
    const failed: string[] = [];
    page.on('response', (r) => {
      if (r.status() >= 400) failed.push(`${r.status()} ${r.request().method()} ${r.url()}`);
    });
    // A request the reload itself cancels (net::ERR_ABORTED) is not a failure of the page; anything refused or
    // unreachable is.
    page.on('requestfailed', (r) => {
      if (r.failure()?.errorText !== 'net::ERR_ABORTED') failed.push(`failed ${r.method()} ${r.url()}`);
    });
    await page.waitForLoadState('networkidle');
    await page.reload();
    await expectShell(page);
    await page.waitForLoadState('networkidle');
    await page.getByRole('button', { name: /^Informativos/ }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: /^Chat interno/ }).click();
    await page.keyboard.press('Escape');
    await page.waitForLoadState('networkidle');
    expect(failed).toEqual([]);
    await page.getByRole('button', { name: /^Notificações/ }).click();
    await expect(page.getByRole('dialog', { name: 'Notificações' })).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}/shell-notifications.png` });
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Perfil' }).click();
    await page.screenshot({ path: `${SCREENSHOTS}/shell-profile-menu.png` });
    await page.getByRole('menuitem', { name: 'Meu perfil' }).click();
    await expect(page.getByRole('dialog', { name: 'Editar perfil' })).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}/profile-dialog.png` });
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.goto('/ajuda');
    await expect(
      page
        .getByRole('button', { name: 'Ir para os atendimentos' })
        .or(page.getByRole('link', { name: 'Ir para os atendimentos' })),
    ).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}/welcome.png`, fullPage: true });
  });

  test('narrow screen', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 780 });
    await page.goto('/login');
    await page.screenshot({ path: `${SCREENSHOTS}/login-narrow.png` });
    await signIn(page, ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL(/\/tickets$/);
    // most pages redirect to /tickets on narrow screens
    await page.goto('/users');
    await expect(page).toHaveURL(/\/tickets$/);
    await expect(page.getByRole('textbox', { name: 'Buscar atendimentos e mensagens' })).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}/shell-narrow.png` });
    await page.getByRole('button', { name: 'Abrir ou fechar o menu' }).click();
    await expect(page.getByRole('link', { name: 'Tarefas' })).toBeInViewport();
    await page.waitForTimeout(400); // let the slide-in finish
    await page.screenshot({ path: `${SCREENSHOTS}/shell-narrow-menu.png` });
  });
});
