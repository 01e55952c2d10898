import { expect, test } from '@playwright/test';
import { ADMIN, API_URL, expectShell, SCREENSHOTS, signIn, signUpCompany } from './helpers';

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
    // the slide-in has finished: no transition still running
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    await page.screenshot({ path: `${SCREENSHOTS}/shell-narrow-menu.png` });
  });

  test('the inbox at 1440 and 390 px (issue 31 item 13)', async ({ page, request }) => {
    test.setTimeout(90_000);
    // 1440 px, the platform admin (every tab: open, pending, groups, resolved, search): the tabs fit, no scroll arrows
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL(/\/tickets$/);
    const tabs = page.getByRole('tablist').first();
    await expect(tabs.getByRole('tab').last()).toBeVisible();
    const scroller = tabs.locator('xpath=ancestor-or-self::*[contains(@class,"MuiTabs-scroller")]').first();
    const fit = await scroller.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    expect(fit.scroll, 'tabs wider than their bar').toBeLessThanOrEqual(fit.client);
    await expect(page.locator('.MuiTabs-scrollButtons:not(.Mui-disabled)')).toHaveCount(0);
    for (const tab of await tabs.getByRole('tab').all()) await expect(tab).toBeInViewport({ ratio: 1 });
    await page.screenshot({ path: `${SCREENSHOTS}/inbox-tabs-1440.png` });

    // 390 px, an open ticket: the send button is at the end of the text's row
    const account = await signUpCompany(request, 'Celular');
    const login = await request.post(`${API_URL}/auth/login`, { data: { email: account.email, password: account.password } });
    const { token, user } = (await login.json()) as { token: string; user: { id: number } };
    const api = async <T>(path: string, data: unknown): Promise<T> => {
      const res = await request.post(`${API_URL}${path}`, { headers: { authorization: `Bearer ${token}` }, data });
      expect(res.ok(), `${path}: ${await res.text()}`).toBeTruthy();
      return (await res.json()) as T;
    };
    const stamp = `${Date.now()}`.slice(-6);
    const queue = await api<{ id: number }>('/queue', { name: `Fila ${stamp}`, color: '#3366ff' });
    await request.put(`${API_URL}/users/${user.id}`, {
      headers: { authorization: `Bearer ${token}` },
      data: { queueIds: [queue.id] },
    });
    await api('/whatsapp', {
      name: `Cloud ${stamp}`,
      channel: 'whatsappapi',
      phoneNumberId: `55${stamp}0003`,
      accessToken: 'tok',
      appSecret: 'secret',
      queueIds: [queue.id],
      isDefault: true,
    });
    const contact = await api<{ id: number }>('/contacts', { name: `Maria ${stamp}`, number: `5511966${stamp}` });
    const ticket = await api<{ uuid: string }>('/tickets', {
      contactId: contact.id,
      queueId: queue.id,
      status: 'open',
      userId: user.id,
    });
    await page.context().clearCookies();
    await page.evaluate(() => window.localStorage.clear());
    await page.setViewportSize({ width: 390, height: 780 });
    await signIn(page, account.email, account.password);
    await expect(page).toHaveURL(/\/tickets$/);
    await page.goto(`/tickets/${ticket.uuid}`);
    const composer = page.getByLabel('Mensagem', { exact: true });
    await expect(composer).toBeEnabled();
    await composer.fill('Olá');
    const field = await page.locator('.MuiTextField-root', { has: composer }).boundingBox();
    const send = await page.getByRole('button', { name: 'Enviar', exact: true }).boundingBox();
    expect(field && send).toBeTruthy();
    // same row: the button's middle lies within the field's height; at its end: right of the field, inside 390 px
    expect(Math.abs(send!.y + send!.height / 2 - (field!.y + field!.height / 2))).toBeLessThan(field!.height / 2);
    expect(send!.x).toBeGreaterThanOrEqual(field!.x + field!.width - 1);
    expect(send!.x + send!.width).toBeLessThanOrEqual(390);
    await page.screenshot({ path: `${SCREENSHOTS}/composer-390.png` });
  });

  test('seen on screen at 1440×900 (issue 30 item 12)', async ({ page, request }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    // The sign-in page of a browser nobody signed in from logs nothing: no refresh that can only answer 401.
    const consoleErrors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') consoleErrors.push(m.text());
    });
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(consoleErrors).toEqual([]);

    const company = await signUpCompany(request, 'Tela larga');
    await signIn(page, ADMIN.email, ADMIN.password);
    await expectShell(page);

    // /companies: name and actions in view without a horizontal cut; values in the one money format
    await page.goto('/companies');
    await page.getByRole('searchbox').fill(company.companyName);
    const row = page.getByRole('row', { name: new RegExp(company.companyName) });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(/R\$\s\d+,\d\d/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1440);
    for (const target of [
      row.getByRole('cell', { name: company.companyName, exact: true }),
      row.getByRole('button', { name: `Editar ${company.companyName}` }),
      row.getByRole('button', { name: `Excluir ${company.companyName}` }),
    ]) {
      await expect(target).toBeInViewport({ ratio: 1 });
      // on top where it is drawn: not under the columns that scroll between the sticky ones
      const box = await target.boundingBox();
      expect(box).not.toBeNull();
      const hit = await page.evaluate(
        ([x, y]) => document.elementFromPoint(x, y)?.closest('td')?.textContent ?? '',
        [box!.x + box!.width / 2, box!.y + box!.height / 2],
      );
      expect(hit).toBe(await target.evaluate((el) => el.closest('td')?.textContent ?? ''));
    }
    await page.screenshot({ path: `${SCREENSHOTS}/companies-1440.png` });
    // scrolled to the far right, the name and the actions stay
    await page.locator('.MuiTableContainer-root').evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    await expect(row.getByRole('cell', { name: company.companyName, exact: true })).toBeInViewport({ ratio: 1 });
    await page.screenshot({ path: `${SCREENSHOTS}/companies-1440-scrolled.png` });

    // dashboard: no counter label cut with an ellipsis
    await page.goto('/');
    await expect(page.getByTestId('counter-waitRating-label')).toBeVisible();
    const cut = await page
      .locator('[data-testid$="-label"][data-testid^="counter-"]')
      .evaluateAll((els) => els.filter((el) => el.scrollWidth > el.clientWidth).map((el) => el.textContent));
    expect(cut).toEqual([]);
    await page.screenshot({ path: `${SCREENSHOTS}/dashboard-1440.png` });

    // the dark logo tile and the certificate tab
    await page.goto('/settings');
    await page.getByRole('tab', { name: 'Whitelabel' }).click();
    await expect(page.getByTestId('logo-tile-Dark')).toBeVisible();
    await page.getByTestId('logo-tile-Dark').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SCREENSHOTS}/whitelabel-logos.png` });
    await page.getByRole('tab', { name: 'Certificado' }).click();
    await expect(page.getByTestId('certificate-status-efi')).toContainText(/Nenhum certificado|em arquivo desde/);
    await page.screenshot({ path: `${SCREENSHOTS}/certificate-status.png` });
  });
});
