import { expect, type Page, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { expectShell, signIn, signUpCompany } from './helpers';

/** The code an authenticator app shows for `secret`, `aheadSteps` periods from now (computed with the server's library). */
const codeOf = (secret: string, aheadSteps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: Date.now() + aheadSteps * 30_000,
  });

async function openSecurity(page: Page) {
  await page.getByRole('button', { name: 'Perfil' }).click();
  await page.getByRole('menuitem', { name: 'Segurança' }).click();
  return page.getByRole('dialog', { name: 'Segurança' });
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Perfil' }).click();
  await page.getByRole('menuitem', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

test.describe('two-factor sign-in (issue 34)', () => {
  test('enrol with the QR and a code, sign out, sign in with a code, then a recovery code works once', async ({
    page,
    request,
  }) => {
    const account = await signUpCompany(request, '2FA');
    await signIn(page, account.email, account.password);
    await expectShell(page);

    // Enrolment: the QR, the key (what the test's "app" reads), a confirmation code, then the recovery codes.
    const security = await openSecurity(page);
    await expect(security.getByTestId('session-row')).toHaveCount(1);
    await expect(security.getByText('Este aparelho')).toBeVisible();
    await security.getByRole('button', { name: 'Ativar' }).click();
    const enrol = page.getByRole('dialog', { name: 'Ativar verificação em duas etapas' });
    await expect(enrol.getByRole('img', { name: 'QR code para o aplicativo autenticador' })).toBeVisible();
    const secret = await enrol.getByTestId('two-factor-secret').locator('input').inputValue();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await enrol.getByLabel('Código de 6 dígitos').fill(codeOf(secret));
    await enrol.getByLabel('Código de 6 dígitos').press('Enter');
    const list = enrol.getByTestId('recovery-codes');
    await expect(list.locator('li')).toHaveCount(10);
    const codes = await list.locator('li').allInnerTexts();
    await enrol.getByRole('button', { name: 'Concluir' }).click();
    await expect(security.getByTestId('two-factor-status')).toContainText('10 códigos de recuperação restantes');
    await security.getByRole('button', { name: 'Fechar' }).click();
    await signOut(page);

    // Sign-in: the password, then the code (the next period's: the confirmation spent this one), by keyboard.
    await signIn(page, account.email, account.password);
    await expect(page.getByRole('heading', { name: 'Verificação em duas etapas' })).toBeVisible();
    const code = page.getByLabel('Código');
    await expect(code).toBeFocused();
    await code.fill(codeOf(secret, 1));
    await page.keyboard.press('Enter');
    await expectShell(page);
    await signOut(page);

    // A recovery code signs in once…
    await signIn(page, account.email, account.password);
    await page.getByLabel('Código').fill(codes[0]);
    await page.getByRole('button', { name: 'Verificar' }).click();
    await expectShell(page);
    await signOut(page);
    // …and not twice.
    await signIn(page, account.email, account.password);
    await page.getByLabel('Código').fill(codes[0]);
    await page.getByRole('button', { name: 'Verificar' }).click();
    await expect(page.getByText('Código inválido ou já utilizado. Tente o código atual do aplicativo.')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });
});
