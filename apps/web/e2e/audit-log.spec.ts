import { expect, test } from '@playwright/test';
import { drawer, expectShell, signIn, signUpCompany } from './helpers';

test.describe('audit log (issue 34 item 3)', () => {
  test("an admin's change of a setting is on the audit log, filtered by action, in another language too", async ({
    page,
    request,
  }) => {
    const account = await signUpCompany(request, 'Audit');
    await signIn(page, account.email, account.password);
    await expectShell(page);
    await page.goto('/settings');
    await page.getByRole('switch', { name: 'Avaliação dos atendimentos' }).click();
    await expect(page.getByText('Operação atualizada com sucesso.').first()).toBeVisible();

    await drawer(page).getByRole('link', { name: 'Auditoria' }).click();
    await expect(page).toHaveURL(/\/audit-log$/);
    const row = page.getByTestId('audit-row').filter({ hasText: 'Configuração da empresa alterada' });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(account.name);
    await expect(row).toContainText('userRating: disabled → enabled');

    await page.getByRole('combobox', { name: 'Ação' }).click();
    await page.getByRole('option', { name: 'Fila excluída' }).click();
    await expect(page.getByText('Nenhum registro de auditoria.')).toBeVisible();

    await page.getByRole('button', { name: 'Perfil' }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await expect(page.getByRole('heading', { name: 'Audit log' })).toBeVisible();
    await expect(page.getByText('No audit entries.')).toBeVisible();
  });
});
