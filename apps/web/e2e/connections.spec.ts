import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { ADMIN, API_URL, SCREENSHOTS, signIn, signUpCompany } from './helpers';

/**
 * Connections page (issue 9 item 3). The Baileys socket cannot reach WhatsApp from the test machines, so the QR code is
 * pushed by the test-only hook POST /_e2e/whatsappSession/:id (E2E_HOOKS=on), which goes through the same ingest port a
 * Baileys session uses and reaches the browser on the real company-{id}-whatsappSession socket event.
 */

async function tokenOf(request: APIRequestContext, email: string, password: string) {
  const login = await request.post(`${API_URL}/auth/login`, { data: { email, password } });
  expect(login.ok(), await login.text()).toBeTruthy();
  return ((await login.json()) as { token: string }).token;
}

async function openConnections(page: Page) {
  await page.goto('/connections');
  await expect(page.getByRole('heading', { name: /Conexões/ })).toBeVisible();
  // No tutorial video is configured here, so no help dialog opens by itself (issue 16 item 11).
  await expect(page.getByRole('dialog', { name: 'Como conectar seus canais' })).toHaveCount(0);
}

test.describe('connections page (issue 9)', () => {
  test('QR flow: a QR pushed through the session event shows in the dialog at 250 px and the dialog closes when it is read', async ({
    page,
    request,
  }) => {
    const account = await signUpCompany(request, 'Conexoes');
    const token = await tokenOf(request, account.email, account.password);
    const headers = { authorization: `Bearer ${token}` };
    const created = await request.post(`${API_URL}/whatsapp`, {
      headers,
      data: { name: 'Celular da loja', channel: 'whatsapp' },
    });
    expect(created.ok(), await created.text()).toBeTruthy();
    const { id } = (await created.json()) as { id: number };
    // One session per user: after the browser signs in, the hook is called with the browser's token.
    const push = async (status: string, qrcode: string) => {
      const bearer = await page.evaluate(() => localStorage.getItem('token'));
      const res = await request.post(`${API_URL}/_e2e/whatsappSession/${id}`, {
        headers: { authorization: `Bearer ${bearer}` },
        data: { status, qrcode },
      });
      expect(res.ok(), await res.text()).toBeTruthy();
    };

    await signIn(page, account.email, account.password);
    await expect(page).toHaveURL(/\/tickets$/);
    await openConnections(page);
    const row = page.getByTestId(`connection-row-${id}`);
    await expect(row).toContainText('Celular da loja');

    await push('qrcode', `2@fake-qr-${Date.now()},AbCdEf==,GhIjKl==,MnOpQr==`);
    const showQr = row.getByRole('button', { name: 'QR CODE' });
    await expect(showQr).toBeVisible();
    await showQr.click();
    const dialog = page.getByRole('dialog', { name: 'Leia o QR Code para iniciar a sessão' });
    const qr = dialog.getByTestId('connection-qrcode');
    await expect(qr).toBeVisible();
    await expect(qr).toHaveAttribute('width', '250');
    await page.screenshot({ path: `${SCREENSHOTS}/connections-qr.png` });

    // A new code replaces the old one while the dialog is open.
    const before = await qr.innerHTML();
    await push('qrcode', `2@another-fake-qr-${Date.now()},ZyXwVu==,TsRqPo==,NmLkJi==`);
    await expect.poll(async () => qr.innerHTML()).not.toBe(before);

    // The phone read it: the session update comes with an empty qrcode and the dialog closes by itself.
    await push('CONNECTED', '');
    await expect(dialog).toBeHidden();
    await expect(row.getByRole('img', { name: 'Conectado' })).toBeVisible();
    await expect(row.getByRole('button', { name: 'Desconectar' })).toBeVisible();

    // The other statuses show their actions (seed 001 §4).
    await push('DISCONNECTED', '');
    await expect(row.getByRole('button', { name: 'Tentar novamente' })).toBeVisible();
    await expect(row.getByRole('button', { name: 'Novo QR CODE' })).toBeVisible();
    await push('OPENING', '');
    await expect(row.getByRole('button', { name: 'Conectando' })).toBeDisabled();
    await page.screenshot({ path: `${SCREENSHOTS}/connections-list.png` });
  });

  test('creates a Cloud API connection through the modal, then edits it with the NPS rule', async ({ page, request }) => {
    const account = await signUpCompany(request, 'Cloud');
    const token = await tokenOf(request, account.email, account.password);
    const queue = await request.post(`${API_URL}/queue`, {
      headers: { authorization: `Bearer ${token}` },
      data: { name: 'Vendas', color: '#3366ff', greetingMessage: 'Olá!' },
    });
    expect(queue.ok(), await queue.text()).toBeTruthy();

    await signIn(page, account.email, account.password);
    await expect(page).toHaveURL(/\/tickets$/);
    await openConnections(page);
    await expect(page.getByText('Nenhuma conexão cadastrada.')).toBeVisible();

    await page.getByRole('button', { name: 'Adicionar conexão' }).click();
    await expect(page.getByRole('menuitem', { name: 'Facebook' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Instagram' })).toBeVisible();
    await page.getByRole('menuitem', { name: 'WhatsApp Cloud API' }).click();
    const modal = page.getByRole('dialog', { name: 'Nova conexão: WhatsApp Cloud API' });
    await expect(modal).toBeVisible();
    for (const tab of ['Geral', 'Integrações', 'Mensagens', 'Chatbot', 'Avaliações (NPS)']) {
      await expect(modal.getByRole('tab', { name: tab })).toBeVisible();
    }
    await modal.getByLabel('Nome').fill('A');
    await modal.getByRole('button', { name: 'Salvar' }).click();
    await expect(modal.getByText('Muito curto!')).toBeVisible();
    await modal.getByLabel('Nome').fill('Cloud Vendas');
    await modal.getByLabel('Filas').click();
    await page.getByRole('option', { name: 'Vendas' }).click();
    await page.keyboard.press('Escape');
    await modal.getByLabel('ID do número de telefone').fill('109876543210987');
    await modal.getByLabel('Token de acesso').fill('EAAG-e2e-access-token-1234');
    await modal.getByLabel('Chave secreta do app').fill('e2e-app-secret-5678');
    await page.screenshot({ path: `${SCREENSHOTS}/connections-modal.png` });
    await modal.getByRole('button', { name: 'Salvar' }).click();
    // The verify token Atendo generated is shown once, with the callback URL Meta needs; both can be copied (issue 16 item 11).
    await expect(modal.getByText(/Copie o token de verificação agora/)).toBeVisible();
    await expect(modal.getByRole('textbox', { name: 'URL de callback do webhook' })).toHaveValue(
      /^https?:\/\/.+\/webhooks\/whatsappapi\/\d+$/,
    );
    await expect(modal.getByRole('textbox', { name: 'Token de verificação do webhook' })).toHaveValue(/.{20,}/);
    await expect(modal.getByRole('button', { name: 'Copiar: URL de callback do webhook' })).toBeVisible();
    await expect(modal.getByRole('button', { name: 'Copiar: Token de verificação do webhook' })).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}/connections-created.png` });
    await modal.getByRole('button', { name: 'Fechar' }).click();

    const row = page.getByRole('row').filter({ hasText: 'Cloud Vendas' });
    await expect(row).toBeVisible();
    await expect(row.getByRole('img', { name: 'Conectado' })).toBeVisible();

    await row.getByRole('button', { name: 'Editar conexão Cloud Vendas' }).click();
    const edit = page.getByRole('dialog', { name: 'Editar conexão' });
    await expect(edit.getByLabel('Nome')).toHaveValue('Cloud Vendas');
    await expect(edit.getByLabel('Token de acesso')).toHaveValue('••••1234');
    await edit.getByRole('tab', { name: 'Avaliações (NPS)' }).click();
    await edit.getByLabel('Mensagem de avaliação').fill('Dê uma nota de 0 a 10 para o atendimento');
    await edit.getByRole('button', { name: 'Salvar' }).click();
    // Seed 001 §5: a rating message needs a non-zero NPS expiry.
    await expect(page.getByText('Informe o tempo de expiração da avaliação (NPS).')).toBeVisible();
    await edit.getByLabel('Expirar avaliação após (minutos)').fill('10');
    await edit.getByRole('tab', { name: 'Geral' }).click();
    await edit.getByLabel('Nome').fill('Cloud Vendas e Suporte');
    await edit.getByRole('button', { name: 'Salvar' }).click();
    await expect(edit).toBeHidden();
    await expect(page.getByRole('row').filter({ hasText: 'Cloud Vendas e Suporte' })).toBeVisible();
    const bearer = await page.evaluate(() => localStorage.getItem('token'));
    const saved = await request.get(`${API_URL}/whatsapp/?session=0`, { headers: { authorization: `Bearer ${bearer}` } });
    const [conn] = (await saved.json()) as {
      name: string;
      expiresTicketNPS: number;
      queues: { name: string }[];
      isDefault: boolean;
    }[];
    expect(conn).toMatchObject({
      name: 'Cloud Vendas e Suporte',
      expiresTicketNPS: 10,
      isDefault: true,
      queues: [{ name: 'Vendas' }],
    });
  });

  test('the super user sees connections per company with totals', async ({ page }) => {
    await signIn(page, ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL(/\/tickets$/);
    await page.goto('/allConnections');
    await expect(page.getByRole('heading', { name: 'Conexões por empresa' })).toBeVisible();
    await expect(page.getByText('Totais')).toBeVisible();
    await expect(page.getByTestId('total-all')).not.toHaveText('0');
    await page.screenshot({ path: `${SCREENSHOTS}/connections-all.png` });
  });
});
