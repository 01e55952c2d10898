import { type PaymentStandin, startPaymentStandin } from '@atendo/payment-standin';
import { expect, test } from '@playwright/test';
import { ADMIN, API_URL, apiHeaders, SCREENSHOTS, signIn } from './helpers';

/** Where the payment stand-in listens: playwright.config.ts points the product's provider URLs here. */
const PAYMENT_PORT = Number(process.env.E2E_PAYMENT_PORT ?? 8091);

test.describe('billing (issue 19)', () => {
  let standin: PaymentStandin;
  test.beforeAll(async () => {
    standin = await startPaymentStandin({
      port: PAYMENT_PORT,
      productUrl: API_URL,
      efiWebhookHmac: 'e2e-efi-hmac',
      stripeWebhookSecret: 'whsec_e2e',
      mercadoPagoWebhookSecret: 'e2e-mp-secret',
      asaasWebhookToken: 'e2e-asaas-token',
    });
  });
  test.afterAll(async () => {
    await standin?.close();
  });

  test('a company whose trial expired pays its invoice by PIX and works again without signing in again', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const headers = await apiHeaders(request, ADMIN);
    // The platform takes PIX through Efí, and sells a plan at R$ 79,90.
    for (const [key, value] of Object.entries({
      eficlientid: 'Client_Id_e2e',
      eficlientsecret: 'Client_Secret_e2e',
      efichavepix: 'pix@atendo.test',
    })) {
      const res = await request.put(`${API_URL}/settings/${key}`, { headers, data: { value } });
      expect(res.ok(), await res.text()).toBeTruthy();
    }
    const stamp = `${Date.now()}`.slice(-7);
    const planRes = await request.post(`${API_URL}/plans`, {
      headers,
      data: { name: `Plano Pix ${stamp}`, users: 5, connections: 3, queues: 4, amount: 79.9, isPublic: true },
    });
    expect(planRes.ok(), await planRes.text()).toBeTruthy();
    const plan = (await planRes.json()) as { id: number };

    // A company signs up on it, and its 7-day trial ends.
    const account = {
      name: 'Gestora Pix',
      email: `gestora.pix.${stamp}@example.com`,
      password: 'Senha#123',
      phone: '5511999990000',
    };
    const signup = await request.post(`${API_URL}/auth/signup`, {
      data: { ...account, companyName: `Empresa Pix ${stamp}`, planId: plan.id },
    });
    expect(signup.status(), await signup.text()).toBe(201);
    const me = await request.post(`${API_URL}/auth/login`, { data: { email: account.email, password: account.password } });
    const companyId = ((await me.json()) as { user: { companyId: number } }).user.companyId;
    const company = (await (await request.get(`${API_URL}/companies/${companyId}`, { headers })).json()) as {
      name: string;
      email: string;
    };
    const expire = await request.put(`${API_URL}/companies/${companyId}`, {
      headers,
      data: {
        name: company.name,
        email: company.email ?? account.email,
        planId: plan.id,
        // two days back: a due date is a calendar day, active through it on the company's clock (issue 30 item 2)
        dueDate: new Date(Date.now() - 2 * 86_400_000).toISOString(),
      },
    });
    expect(expire.ok(), await expire.text()).toBeTruthy();

    // Signing in lands on /financeiro, where the invoice of the ended period is overdue; any other page sends it back
    // there, and nothing the pages do asks what can only answer 402 (issue 30 item 7).
    const refused: string[] = [];
    const on402 = (r: import('@playwright/test').Response) => {
      if (r.status() === 402) refused.push(`${r.request().method()} ${new URL(r.url()).pathname}`);
    };
    page.on('response', on402);
    await signIn(page, account.email, account.password);
    await expect(page).toHaveURL(/\/financeiro$/);
    for (const elsewhere of ['/tickets', '/connections', '/contacts']) {
      await page.goto(elsewhere);
      await expect(page).toHaveURL(/\/financeiro$/);
    }
    await expect(page.getByRole('row', { name: new RegExp(`Plano Pix ${stamp}`) })).toBeVisible();
    page.off('response', on402);
    expect(refused).toEqual([]);
    const row = page.getByRole('row', { name: new RegExp(`Plano Pix ${stamp}`) });
    await expect(row).toContainText('Vencido');
    await expect(row).toContainText('R$ 79,90');
    await page.screenshot({ path: `${SCREENSHOTS}/billing-invoices.png`, fullPage: true });

    // PAGAR opens the checkout on Personalizar with the current plan.
    await row.getByRole('button', { name: 'PAGAR' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('Plano atual')).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}/billing-checkout-plan.png` });
    await dialog.getByRole('button', { name: /Escolher o plano/ }).click();
    await expect(dialog.getByTestId('checkout-review')).toContainText('R$ 79,90');
    // PAGAR without Dados goes back to Dados with the seed's messages.
    await dialog.getByRole('button', { name: 'PAGAR' }).click();
    await expect(dialog.getByText('O nome completo é obrigatório')).toBeVisible();
    await expect(dialog.getByText('CPF/CNPJ é obrigatório')).toBeVisible();
    await dialog.getByLabel(/Nome completo/).fill('Gestora Pix');
    await dialog.getByLabel(/CPF\/CNPJ/).fill('123.456.789-09');
    await dialog.getByRole('button', { name: 'PRÓXIMO' }).click();
    await dialog.getByRole('button', { name: /Escolher o plano/ }).click();
    await dialog.getByRole('button', { name: 'PAGAR' }).click();

    // The payment screen: the PIX QR code and its copia-e-cola.
    await expect(page.getByText('Assinatura realizada com sucesso!, aguardando a realização do pagamento')).toBeVisible();
    await expect(dialog.getByRole('img', { name: 'QR Code PIX' })).toBeVisible();
    await expect(dialog.getByTestId('pix-copy-paste').locator('input')).toHaveValue(/^000201.*6304[0-9A-F]{4}$/);
    await page.screenshot({ path: `${SCREENSHOTS}/billing-pix.png` });

    // The payer pays; Efí notifies the product; the page hears it live.
    const charge = await standin.pay({ provider: 'efi' });
    expect(charge.deliveries).toEqual([200]);
    await expect(page.getByTestId('payment-screen').getByText(/Sua licença foi renovada até \d{2}\/\d{2}\/\d{4}!/)).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}/billing-renewed.png` });
    // …and goes home after 4 s, still signed in; the inbox answers again.
    await expect(page).toHaveURL(/\/$/, { timeout: 10_000 });
    // The drawer has every entry again, and the inbox loads: its list answers 200, no 402 sends it back to /financeiro.
    const ticketsAnswer = page.waitForResponse((r) => new URL(r.url()).pathname === '/tickets' && r.request().method() === 'GET');
    await page
      .getByRole('navigation', { name: 'Menu principal' })
      .getByRole('link', { name: 'Atendimentos', exact: true })
      .click();
    await expect(page).toHaveURL(/\/tickets$/);
    expect((await ticketsAnswer).status()).toBe(200);
    await expect(page.getByText('Nenhum atendimento encontrado')).toBeVisible();
    await expect(page.getByText(/Ativo até \d{2}\/\d{2}\/\d{4}/)).toBeVisible();
    await expect(page).toHaveURL(/\/tickets$/);
    await page.screenshot({ path: `${SCREENSHOTS}/billing-inbox.png` });
  });
});
