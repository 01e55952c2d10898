import { createHmac } from 'node:crypto';
import http from 'node:http';
import { expect, test } from '@playwright/test';
import { SCREENSHOTS, signIn, signUpCompany, WEBHOOK_RECEIVER_PORT } from './helpers';

/** What the company's CRM received: the body as sent and its signature header. */
interface Hit {
  body: string;
  signature: string;
}

let receiver: http.Server;
const hits: Hit[] = [];

test.beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      hits.push({ body: Buffer.concat(chunks).toString('utf8'), signature: String(req.headers['x-atendo-signature'] ?? '') });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(WEBHOOK_RECEIVER_PORT, '127.0.0.1', resolve));
});
test.afterAll(async () => {
  await new Promise((resolve) => receiver?.close(resolve));
});

/** docs/api.md's verification recipe. */
const verifies = (secret: string, hit: Hit) => {
  const parts = Object.fromEntries(hit.signature.split(',').map((p) => p.split('=') as [string, string]));
  return createHmac('sha256', secret).update(`${parts.t}.${hit.body}`).digest('hex') === parts.v1;
};

test.describe('outgoing webhooks (issue 32)', () => {
  test('an admin adds an endpoint, sends a test event, sees it in the log and resends it', async ({ page, request }) => {
    test.setTimeout(120_000);
    const owner = await signUpCompany(request, 'Webhooks');
    const path = `/crm/${Date.now()}`;
    const url = `http://127.0.0.1:${WEBHOOK_RECEIVER_PORT}${path}`;

    await signIn(page, owner.email, owner.password);
    await expect(page).toHaveURL(/\/tickets$/);
    await page.goto('/webhooks');
    await expect(page.getByRole('heading', { name: 'Webhooks', level: 1 })).toBeVisible();
    await expect(page.getByText('Nenhum endpoint ainda. Adicione a URL que deve receber os eventos.')).toBeVisible();

    await page.getByRole('button', { name: 'Adicionar endpoint' }).click();
    const form = page.getByRole('form', { name: 'Adicionar endpoint' });
    await form.getByLabel('URL').fill(url);
    await form.getByRole('button', { name: 'Salvar' }).click();
    await expect(form.getByText('Escolha ao menos um evento.')).toBeVisible();
    await form.getByRole('checkbox', { name: 'Ticket fechado (ticket.closed)' }).check();
    await form.getByRole('checkbox', { name: 'Mensagem criada (message.created)' }).check();
    await form.getByRole('button', { name: 'Salvar' }).click();
    await expect(form).toBeHidden();

    const row = page.getByRole('row').filter({ hasText: url });
    await expect(row.getByText('Ativo')).toBeVisible();
    await row.getByRole('button', { name: /Mostrar segredo/ }).click();
    const secret = await row.getByRole('textbox', { name: 'Segredo' }).inputValue();
    expect(secret).toMatch(/^whsec_/);

    const log = page.getByRole('region', { name: `Entregas para ${url}` });
    await expect(log.getByText('Nenhuma entrega ainda.')).toBeVisible();
    await row.getByRole('button', { name: 'Enviar teste' }).click();
    const delivered = log.getByRole('row').filter({ hasText: 'webhook.test' });
    await expect(delivered.getByText('Entregue')).toBeVisible({ timeout: 20_000 });
    await expect(delivered.getByRole('cell', { name: '200', exact: true })).toBeVisible();
    await expect.poll(() => hits.filter((h) => h.body.includes('"webhook.test"')).length).toBe(1);
    const first = hits.find((h) => h.body.includes('"webhook.test"'))!;
    expect(verifies(secret, first)).toBe(true);

    await delivered.getByRole('button', { name: 'Ver corpo' }).click();
    await expect(log.getByText(first.body)).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}/webhooks.png`, fullPage: true });

    await delivered.getByRole('button', { name: 'Reenviar' }).click();
    await expect.poll(() => hits.filter((h) => h.body.includes('"webhook.test"')).length, { timeout: 20_000 }).toBe(2);
    const second = hits.filter((h) => h.body.includes('"webhook.test"'))[1];
    expect(second.body).toBe(first.body); // the same event id: a receiver de-duplicates by it
    expect(verifies(secret, second)).toBe(true);
    await expect(delivered.getByRole('cell', { name: '2', exact: true })).toBeVisible({ timeout: 20_000 });

    await row.getByRole('button', { name: 'Pausar' }).click();
    await expect(row.getByText('Pausado', { exact: true })).toBeVisible();
    await row.getByRole('button', { name: 'Excluir' }).click();
    const confirm = page.getByRole('dialog', { name: 'Excluir endpoint' });
    await confirm.getByRole('button', { name: 'Excluir' }).click();
    await expect(page.getByText('Nenhum endpoint ainda. Adicione a URL que deve receber os eventos.')).toBeVisible();
  });
});
