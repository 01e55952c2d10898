import { expect, test } from '@playwright/test';
import { ADMIN, drawer, expectShell, SCREENSHOTS, signIn, signUpCompany } from './helpers';

test.describe('sign-in and shell', () => {
  test('login page renders with its fields and links (light and dark screenshots)', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Entrar' })).toBeVisible();
    await expect(page.getByLabel('E-mail')).toBeVisible();
    await expect(page.getByLabel('Senha', { exact: true })).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Mostrar senha' }).click();
    await expect(page.getByLabel('Senha', { exact: true })).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Ocultar senha' }).click();
    await expect(page.getByRole('link', { name: 'Esqueceu a senha?' })).toHaveAttribute('href', '/recovery-password');
    // allowSignup is 'enabled' by default
    await expect(page.getByRole('link', { name: /Cadastre-se/ })).toHaveAttribute('href', '/signup');
    await page.screenshot({ path: `${SCREENSHOTS}/login-light.png`, fullPage: true });
    await page.getByRole('button', { name: 'Ativar modo escuro' }).click();
    await expect(page.getByRole('button', { name: 'Ativar modo claro' })).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}/login-dark.png`, fullPage: true });
  });

  test('wrong password shows the translated error', async ({ page }) => {
    await signIn(page, ADMIN.email, 'wrong-password');
    await expect(page.getByText('Erro de autenticação. Por favor, tente novamente.')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('super admin signs in and sees the super-only entries', async ({ page }) => {
    await signIn(page, ADMIN.email, ADMIN.password);
    await expectShell(page);
    const nav = drawer(page);
    await expect(nav.getByRole('link', { name: 'Empresas' })).toHaveAttribute('href', '/companies');
    await expect(nav.getByRole('link', { name: 'Informativos' })).toHaveAttribute('href', '/announcements');
    await expect(nav.getByRole('link', { name: 'Todas as conexões' })).toHaveAttribute('href', '/allConnections');
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(page.getByTestId('greeting')).toContainText('Admin');
    await expect(page.getByTestId('greeting')).toContainText('31/12/2999');
    // the inbox is the landing page; /typebot without a configured builder says where to set it
    await expect(page.getByRole('textbox', { name: 'Buscar atendimentos e mensagens' })).toBeVisible();
    await page.goto('/typebot');
    await expect(page.getByText('Nenhum construtor Typebot configurado.')).toBeVisible();
    await nav.getByRole('link', { name: 'Empresas' }).click();
    await expect(page).toHaveURL(/\/companies$/);
    await expect(page.getByRole('heading', { name: 'Empresas', level: 1 })).toBeVisible();
    await page.goto('/tickets');
    await expectShell(page);
    await page.screenshot({ path: `${SCREENSHOTS}/shell-light.png` });
  });

  test('another company admin: super entries hidden and /companies refused', async ({ page, request }) => {
    const account = await signUpCompany(request, 'Gate');
    await signIn(page, account.email, account.password);
    await expectShell(page);
    const nav = drawer(page);
    await expect(nav.getByRole('link', { name: 'Usuários' })).toBeVisible();
    for (const name of ['Empresas', 'Informativos', 'Todas as conexões']) {
      await expect(nav.getByRole('link', { name })).toHaveCount(0);
    }
    await page.goto('/companies');
    await expect(
      page.getByText('Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.'),
    ).toBeVisible();
    await expect(page).toHaveURL(/:\d+\/$/);
    await page.goto('/allConnections');
    await expect(page).toHaveURL(/\/tickets$/);
  });

  test('switch language to English and back', async ({ page }) => {
    await signIn(page, ADMIN.email, ADMIN.password);
    await expectShell(page);
    await page.getByRole('button', { name: 'Perfil' }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await expect(drawer(page, 'Main menu').getByRole('link', { name: 'Tickets' })).toBeVisible();
    await expect(page.getByTestId('greeting')).toContainText('welcome to');
    await page.reload();
    await expect(drawer(page, 'Main menu').getByRole('link', { name: 'Companies' })).toBeVisible();
    await page.getByRole('button', { name: 'Profile' }).click();
    await page.getByRole('menuitem', { name: 'Português' }).click();
    await expect(drawer(page).getByRole('link', { name: 'Atendimentos', exact: true })).toBeVisible();
    await expect(page.getByTestId('greeting')).toContainText('seja bem-vindo');
  });

  test('toggle dark mode and reload: it is kept', async ({ page }) => {
    await signIn(page, ADMIN.email, ADMIN.password);
    await expectShell(page);
    await page.getByRole('button', { name: 'Ativar modo escuro' }).click();
    await expect(page.getByRole('button', { name: 'Ativar modo claro' })).toBeVisible();
    await page.reload();
    await expectShell(page);
    await expect(page.getByRole('button', { name: 'Ativar modo claro' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('preferredTheme'))).toBe('dark');
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).toBe('rgb(18, 20, 24)');
    await page.screenshot({ path: `${SCREENSHOTS}/shell-dark.png` });
    await page.getByRole('button', { name: 'Ativar modo claro' }).click();
    await expect(page.getByRole('button', { name: 'Ativar modo escuro' })).toBeVisible();
  });

  test('sign up a new company through the wizard, then sign in', async ({ page }) => {
    const stamp = Date.now();
    const email = `novo.${stamp}@example.com`;
    await page.goto('/login');
    await page.getByRole('link', { name: /Cadastre-se/ }).click();
    await expect(page).toHaveURL(/\/signup$/);
    await page
      .getByRole('button', { name: /Escolher o plano/ })
      .first()
      .click();
    // step 0: the rules of seed 002 §5
    await page.getByRole('button', { name: 'Próximo' }).click();
    await expect(page.getByText('Muito curto!').or(page.getByText('Obrigatório')).first()).toBeVisible();
    await page.getByLabel('Nome', { exact: true }).fill('Carla Nova');
    await page.getByLabel('E-mail').fill('not-an-email');
    await page.getByLabel('Senha', { exact: true }).fill('Senha#123');
    await page.getByLabel('Telefone (WhatsApp)').fill('5511988887777');
    await page.getByRole('button', { name: 'Próximo' }).click();
    await expect(page.getByText('E-mail inválido')).toBeVisible();
    await page.getByLabel('E-mail').fill(email);
    await page.getByRole('button', { name: 'Próximo' }).click();
    // step 1
    await page.getByLabel('Nome da empresa').fill(`Nova Empresa ${stamp}`);
    await page.getByRole('button', { name: 'Próximo' }).click();
    // step 2: confirmation
    await expect(page.getByText(email)).toBeVisible();
    await page.getByRole('button', { name: 'Cadastrar' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText(/Cadastro realizado com sucesso/)).toBeVisible();
    await signIn(page, email, 'Senha#123');
    await expectShell(page);
    await expect(page.getByTestId('greeting')).toContainText(`Nova Empresa ${stamp}`);
  });

  test('log out, and private pages send back to /login then return after sign-in', async ({ page }) => {
    await signIn(page, ADMIN.email, ADMIN.password);
    await expectShell(page);
    await page.getByRole('button', { name: 'Perfil' }).click();
    await page.getByRole('menuitem', { name: 'Sair' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/todolist');
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('E-mail').fill(ADMIN.email);
    await page.getByLabel('Senha', { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page).toHaveURL(/\/todolist$/);
    // the session survives a reload (refresh token cookie)
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Tarefas', level: 1 })).toBeVisible();
  });

  test('todolist: add, edit, delete, kept in the browser', async ({ page }) => {
    await signIn(page, ADMIN.email, ADMIN.password);
    await expectShell(page);
    await drawer(page).getByRole('link', { name: 'Tarefas' }).click();
    await page.getByLabel('Nova tarefa', { exact: true }).fill('Ligar para o cliente');
    await page.getByRole('button', { name: 'Adicionar' }).click();
    await expect(page.getByText('Ligar para o cliente')).toBeVisible();
    await page.getByRole('button', { name: 'Editar tarefa: Ligar para o cliente' }).click();
    await page.getByLabel('Editar tarefa', { exact: true }).fill('Ligar para o cliente às 10h');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.reload();
    await expect(page.getByText('Ligar para o cliente às 10h')).toBeVisible();
    await page.getByRole('button', { name: 'Excluir tarefa: Ligar para o cliente às 10h' }).click();
    await expect(page.getByRole('dialog', { name: 'Exclusão de Registro' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.getByRole('button', { name: 'Excluir tarefa: Ligar para o cliente às 10h' }).click();
    await page.getByRole('button', { name: 'Confirmar' }).click();
    await expect(page.getByText('Nenhuma tarefa.', { exact: false })).toBeVisible();
  });

  test('keyboard: sign in without the mouse', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('E-mail').focus();
    await page.keyboard.type(ADMIN.email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(ADMIN.password);
    await page.keyboard.press('Enter');
    await expectShell(page);
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Ir para o conteúdo' })).toBeFocused();
  });
});
