import { expect, test } from '@playwright/test';
import { ADMIN, API_URL, apiHeaders, SCREENSHOTS, signIn } from './helpers';

/** YYYY-MM-DD of a day `days` from now in the browser's time zone (the date input's value). */
const dayFromNow = (days: number) => {
  const d = new Date(Date.now() + days * 86_400_000);
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(d);
  return parts;
};

test.describe('running the platform (issue 18 part A)', () => {
  test.afterAll(async ({ request }) => {
    // Later journeys sign companies up: sign-up is switched back on whatever happened here.
    const headers = await apiHeaders(request, ADMIN);
    await request.put(`${API_URL}/settings/allowSignup`, { headers, data: { value: 'enabled' } });
  });

  test('the super admin creates a plan, a company on it due in 3 days (yellow row), and switches sign-up off', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const stamp = `${Date.now()}`.slice(-7);
    const planName = `Plano E2E ${stamp}`;
    const companyName = `Empresa Plataforma ${stamp}`;
    await signIn(page, ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL(/\/tickets$/);

    // A plan, in the settings tab of the super admin.
    await page.goto('/settings');
    await page.getByRole('tab', { name: 'Planos' }).click();
    const planForm = page.getByRole('form', { name: 'Formulário de plano' });
    await planForm.getByLabel('Nome').fill(planName);
    await planForm.getByLabel('Usuários').fill('3');
    await planForm.getByLabel('Conexões').fill('2');
    await planForm.getByLabel('Filas').fill('2');
    await planForm.getByLabel('Valor').fill('49,90');
    await planForm.getByRole('switch', { name: 'Kanban' }).click();
    await planForm.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Operação realizada com sucesso!').first()).toBeVisible();
    const planRow = page.getByRole('table', { name: 'Planos' }).getByRole('row', { name: new RegExp(planName) });
    await expect(planRow).toContainText('R$ 49,90 /mês');
    await expect(planRow.getByRole('cell').nth(5)).toHaveText('Sim');
    // The form resets 0.5 s after the submit.
    await expect(planForm.getByLabel('Nome')).toHaveValue('');
    // Selecting the row edits it; delete appears for a saved plan.
    await planRow.click();
    await expect(planForm.getByLabel('Nome')).toHaveValue(planName);
    await expect(planForm.getByRole('button', { name: 'Excluir' })).toBeVisible();
    await expect(planForm.getByRole('switch', { name: 'Kanban' })).not.toBeChecked();
    await page.screenshot({ path: `${SCREENSHOTS}/platform-plans.png`, fullPage: true });
    await planForm.getByRole('button', { name: 'Limpar' }).click();
    await expect(planForm.getByRole('button', { name: 'Excluir' })).toHaveCount(0);

    // A company on that plan, due in 3 days.
    await page.goto('/companies');
    const form = page.getByRole('form', { name: 'Formulário de empresa' });
    await form.getByLabel('Nome').fill(companyName);
    await form.getByLabel('E-mail').fill(`dono.${stamp}@example.com`);
    await form.getByLabel('Telefone').fill('5511988887777');
    await form.getByLabel('Senha padrão').fill('Senha#123');
    await form.getByRole('combobox', { name: 'Plano' }).click();
    await page.getByRole('option', { name: planName }).click();
    await form.getByLabel('Data de vencimento').fill(dayFromNow(3));
    await form.getByRole('combobox', { name: 'Recorrência' }).click();
    await page.getByRole('option', { name: 'Trimestral' }).click();
    await form.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Operação realizada com sucesso!').first()).toBeVisible();

    await page.getByRole('searchbox').fill(companyName);
    const row = page.getByRole('row', { name: new RegExp(companyName) });
    await expect(row).toHaveCount(1);
    await expect(row).toHaveAttribute('data-due-state', 'warning');
    await expect(row).toContainText(planName);
    await expect(row).toContainText('R$ 49,90');
    await expect(row).toContainText('(Trimestral)');
    // the due date is the calendar day typed, in this (UTC) browser as in São Paulo's below (issue 30 item 2)
    const due = dayFromNow(3).split('-').reverse().join('/');
    await expect(row).toContainText(due);
    await expect(row).toContainText('Sim');
    await expect(page.getByRole('row', { name: /Atendo/ })).toHaveCount(0);
    await page.screenshot({ path: `${SCREENSHOTS}/platform-companies.png`, fullPage: true });

    // Its admin signs in with the default password.
    const owner = await browser.newContext({ timezoneId: 'America/Sao_Paulo' });
    const ownerPage = await owner.newPage();
    await signIn(ownerPage, `dono.${stamp}@example.com`, 'Senha#123');
    await expect(ownerPage).toHaveURL(/\/tickets$/);
    await expect(ownerPage.getByText(`Ativo até ${due}`)).toBeVisible();
    await owner.close();

    // Sign-up off: the login page hides its link.
    const visitor = await browser.newContext();
    const login = await visitor.newPage();
    await login.goto('/login');
    await expect(login.getByRole('link', { name: 'Não tem uma conta? Cadastre-se' })).toBeVisible();

    await page.goto('/settings');
    await page.getByRole('tab', { name: 'Plataforma' }).click();
    const signup = page.getByRole('switch', { name: 'Cadastro de novas empresas pela página de login' });
    await expect(signup).toBeChecked();
    await signup.click();
    await expect(page.getByText('Operação atualizada com sucesso.').first()).toBeVisible();
    await expect(signup).not.toBeChecked();

    await login.reload();
    await expect(login.getByRole('button', { name: 'Entrar' })).toBeVisible();
    await expect(login.getByRole('link', { name: 'Não tem uma conta? Cadastre-se' })).toHaveCount(0);
    await login.screenshot({ path: `${SCREENSHOTS}/platform-login-no-signup.png` });
    await visitor.close();
  });
});
