import { type GraphStandin, inbound, startGraphStandin } from '@atendo/graph-standin';
import { expect, type Page, test } from '@playwright/test';
import { API_URL, SCREENSHOTS, signIn, signUpCompany } from './helpers';

// The product sends to the stand-in: the webServer of playwright.config.ts sets GRAPH_API_URL to this port.
const GRAPH_PORT = Number(process.env.E2E_GRAPH_PORT ?? 8090);
const APP_SECRET = 'e2e-admin-secret';

let standin: GraphStandin;
test.beforeAll(async () => {
  standin = await startGraphStandin({ port: GRAPH_PORT, appSecret: APP_SECRET, webhookUrl: `${API_URL}/webhooks/whatsappapi` });
});
test.afterAll(async () => {
  await standin?.close();
});

async function settingSwitch(page: Page, label: string) {
  const toggle = page.getByRole('switch', { name: label, exact: true });
  const before = await toggle.isChecked();
  await toggle.click();
  await expect(page.getByText('Operação atualizada com sucesso.').first()).toBeVisible();
  await expect(toggle).toBeChecked({ checked: !before });
}

async function chooseScheduleType(page: Page, option: string) {
  await page.getByRole('combobox', { name: 'Gerenciamento de expediente' }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(page.getByRole('combobox', { name: 'Gerenciamento de expediente' })).toHaveText(option);
}

test.describe('administration (issue 9)', () => {
  test('an admin sets up users, a queue with a chatbot, a connection and settings; the new user sees only their queues', async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    const admin = await signUpCompany(request, 'Admin');
    const stamp = `${Date.now()}`.slice(-8);
    await signIn(page, admin.email, admin.password);
    await expect(page).toHaveURL(/\/tickets$/);
    // one session per user: the API calls below borrow the browser's token instead of signing in again
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const headers = { authorization: `Bearer ${token}` };

    // Settings: switch options by column; per-queue service hours
    await page.goto('/settings');
    await expect(page.getByRole('tab', { name: 'Opções' })).toBeVisible();
    await settingSwitch(page, 'Avaliação dos atendimentos');
    await settingSwitch(page, 'Tag obrigatória para fechar ticket');
    // a message is required before its switch can be turned on
    await page.getByRole('switch', { name: 'Enviar mensagem de transferência' }).click();
    await expect(page.getByText('Obrigatório enquanto esta opção estiver ativada.')).toBeVisible();
    await page.getByRole('textbox', { name: 'Mensagem de transferência' }).fill('Você foi transferido, aguarde.');
    await page.getByRole('textbox', { name: 'Mensagem de transferência' }).blur();
    await expect(page.getByText('Operação atualizada com sucesso.').first()).toBeVisible();
    await settingSwitch(page, 'Enviar mensagem de transferência');
    await chooseScheduleType(page, 'Por fila');
    await page.screenshot({ path: `${SCREENSHOTS}/admin-settings.png`, fullPage: true });

    // Queues: no help names this page, so the first visit opens no tutorial and there is no help button (decision 51:
    // the tutorials read their video from the helps)
    await page.goto('/queues');
    await expect(page.getByText('Nenhuma fila cadastrada.')).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Filas e Chatbot: como configurar' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Ajuda' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Adicionar fila' }).click();
    const dialog = page.getByRole('dialog', { name: 'Adicionar fila' });
    await dialog.getByLabel('Nome', { exact: true }).fill('Vendas');
    await dialog.getByLabel('Cor', { exact: true }).fill('#8e24aa');
    await dialog.getByLabel('Ordem').fill('1');
    await dialog.getByLabel('Mensagem de saudação').fill('Olá! Bem-vindo às Vendas.');
    await dialog.getByLabel('Mensagem fora do expediente').fill('Estamos fora do horário, voltamos às 8h.');
    // a two-level chatbot
    await dialog.getByRole('button', { name: 'Adicionar opção', exact: true }).click();
    const step = dialog.getByTestId('step-0');
    await step.getByLabel('Nome da opção').first().fill('Planos e preços');
    await step.getByLabel('Mensagem', { exact: true }).first().fill('Qual plano te interessa?');
    await step.getByRole('button', { name: 'Adicionar opção interna' }).first().click();
    const inner = dialog.getByTestId('step-0.options.0');
    await inner.getByLabel('Nome da opção').fill('Plano anual');
    await inner.getByLabel('Mensagem', { exact: true }).fill('O plano anual tem 2 meses grátis.');
    // service hours: Saturday only in the morning
    await dialog.getByRole('tab', { name: 'Horários de atendimento' }).click();
    await expect(dialog.getByLabel('Segunda-feira Início 1')).toHaveValue('08:00');
    await dialog.getByLabel('Sábado Início 2').fill('');
    await dialog.getByLabel('Sábado Fim 2').fill('');
    await expect(dialog.getByText('Clique em salvar para registar as alterações')).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}/admin-queue-hours.png` });
    await dialog.getByRole('tab', { name: 'Dados da fila' }).click();
    await page.screenshot({ path: `${SCREENSHOTS}/admin-queue-dialog.png` });
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Bot salvo com sucesso')).toBeVisible();

    // the edit dialog opens by itself after the creation, with the flow saved
    const edit = page.getByRole('dialog', { name: 'Editar fila' });
    await expect(edit).toBeVisible();
    await expect(edit.getByTestId('step-0.options.0').getByLabel('Nome da opção')).toHaveValue('Plano anual');
    await edit.getByRole('tab', { name: 'Horários de atendimento' }).click();
    await expect(edit.getByLabel('Sábado Início 2')).toHaveValue('');
    await expect(edit.getByLabel('Sexta-feira Fim 2')).toHaveValue('18:00');
    await edit.getByRole('button', { name: 'Cancelar' }).click();
    const row = page.getByRole('row').filter({ hasText: 'Vendas' });
    await expect(row).toContainText('Olá! Bem-vindo às Vendas.');
    await page.screenshot({ path: `${SCREENSHOTS}/admin-queues.png` });

    // two more queues (through the API: the page's own journey is above); the list follows live
    const mkQueue = async (name: string, color: string) => {
      const res = await request.post(`${API_URL}/queue`, {
        headers,
        data: { name, color, greetingMessage: `Fila ${name}`, outOfHoursMessage: 'Fora do horário' },
      });
      expect(res.status(), await res.text()).toBe(201);
      return ((await res.json()) as { id: number }).id;
    };
    await mkQueue('Suporte', '#1e88e5');
    const financeId = await mkQueue('Financeiro', '#43a047');
    await expect(page.getByRole('row').filter({ hasText: 'Financeiro' })).toBeVisible();
    const queues = (await (await request.get(`${API_URL}/queue`, { headers })).json()) as { id: number; name: string }[];
    const salesId = queues.find((q) => q.name === 'Vendas')!.id;

    // Users: a new attendant with two queues
    await page.goto('/users');
    await page.getByRole('button', { name: 'Adicionar usuário' }).click();
    const userDialog = page.getByRole('dialog', { name: 'Adicionar usuário' });
    const attendant = { name: `Ana ${stamp}`, email: `ana.${stamp}@example.com`, password: 'ana12345' };
    await userDialog.getByLabel('Nome').fill(attendant.name);
    await userDialog.getByLabel('E-mail').fill(attendant.email);
    await userDialog.getByLabel('Senha').fill(attendant.password);
    await userDialog.getByRole('combobox', { name: 'Filas' }).click();
    await page.getByRole('option', { name: 'Vendas' }).click();
    await page.getByRole('option', { name: 'Suporte' }).click();
    await page.keyboard.press('Escape');
    await expect(userDialog.getByRole('combobox', { name: 'Filas' })).toHaveText('Vendas, Suporte');
    await userDialog.getByRole('tab', { name: 'Permissões' }).click();
    await userDialog.getByRole('switch', { name: 'Fechar atendimentos pendentes' }).check();
    await page.screenshot({ path: `${SCREENSHOTS}/admin-user-permissions.png` });
    await userDialog.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await expect(page.getByText('Usuário salvo com sucesso!')).toBeVisible();
    const userRow = page.getByRole('row').filter({ hasText: attendant.email });
    await expect(userRow).toContainText('Vendas');
    await expect(userRow).toContainText('Suporte');
    await page.getByLabel('Pesquisar por nome ou e-mail').fill(`ana.${stamp}`);
    await expect(page.getByRole('row')).toHaveCount(2); // header + Ana
    await page.screenshot({ path: `${SCREENSHOTS}/admin-users.png` });

    // Connections: the page is another helper's work in progress; the Cloud API connection is made through the API
    const mkConnection = async (name: string, queueId: number, phoneNumberId: string) => {
      const res = await request.post(`${API_URL}/whatsapp`, {
        headers,
        // user rating was switched on above: a connection then needs its rating message and NPS expiry (seed 001 §5)
        data: {
          name,
          channel: 'whatsappapi',
          phoneNumberId,
          accessToken: 'tok',
          appSecret: APP_SECRET,
          queueIds: [queueId],
          ratingMessage: 'Dê uma nota de 0 a 10 ao atendimento',
          expiresTicketNPS: 10,
        },
      });
      expect(res.ok(), await res.text()).toBeTruthy();
      return ((await res.json()) as { id: number }).id;
    };
    const salesPhone = `66${stamp}01`;
    const financePhone = `66${stamp}02`;
    const salesConn = await mkConnection(`Cloud Vendas ${stamp}`, salesId, salesPhone);
    const financeConn = await mkConnection(`Cloud Financeiro ${stamp}`, financeId, financePhone);

    // back to company-wide hours off, so the journey does not depend on the clock
    await page.goto('/settings');
    await chooseScheduleType(page, 'Desativado');

    const deliver = (connectionId: number, phoneNumberId: string, from: string, name: string, body: string) =>
      standin.deliverMessages(phoneNumberId, [inbound.text({ from, body })], {
        url: `${API_URL}/webhooks/whatsappapi/${connectionId}`,
        contacts: [{ waId: from, name }],
      });
    const salesCustomer = `Cliente Vendas ${stamp}`;
    const financeCustomer = `Cliente Financeiro ${stamp}`;
    expect((await deliver(salesConn, salesPhone, `55119${stamp}`, salesCustomer, 'Quero conhecer os planos')).status).toBe(200);
    expect((await deliver(financeConn, financePhone, `55118${stamp}`, financeCustomer, 'Minha fatura veio errada')).status).toBe(
      200,
    );

    // The new attendant signs in and sees the Vendas ticket, never the Financeiro one
    const context = await browser.newContext();
    const attendantPage = await context.newPage();
    await signIn(attendantPage, attendant.email, attendant.password);
    await expect(attendantPage).toHaveURL(/\/tickets$/);
    await attendantPage.getByRole('tab', { name: /Aguardando/ }).click();
    await expect(attendantPage.getByTestId('ticket-item').filter({ hasText: salesCustomer })).toBeVisible({ timeout: 20_000 });
    await expect(attendantPage.getByTestId('ticket-item').filter({ hasText: financeCustomer })).toHaveCount(0);
    await attendantPage.screenshot({ path: `${SCREENSHOTS}/admin-attendant-inbox.png` });
    // and the administration pages are closed to them
    await attendantPage.goto('/users');
    await expect(attendantPage.getByText('Seu perfil não tem permissão para acessar esta página.')).toBeVisible();
    await expect(attendantPage.getByRole('table')).toHaveCount(0);
    await attendantPage.screenshot({ path: `${SCREENSHOTS}/admin-attendant-users-denied.png` });
    await context.close();
  });
});
