import { type GraphStandin, inbound, startGraphStandin } from '@atendo/graph-standin';
import { expect, test } from '@playwright/test';
import { ADMIN, API_URL, SCREENSHOTS, signIn } from './helpers';

// The product sends to the stand-in: the webServer of playwright.config.ts sets GRAPH_API_URL to this port.
const GRAPH_PORT = Number(process.env.E2E_GRAPH_PORT ?? 8090);
const APP_SECRET = 'e2e-app-secret';

let standin: GraphStandin;

test.beforeAll(async () => {
  standin = await startGraphStandin({
    port: GRAPH_PORT,
    appSecret: APP_SECRET,
    webhookUrl: `${API_URL}/webhooks/whatsappapi`,
    autoStatuses: ['sent', 'delivered', 'read'],
  });
});

test.afterAll(async () => {
  await standin?.close();
});

test.describe('ticket inbox and conversation (issue 7)', () => {
  test('a customer message appears in Pending live; the attendant accepts and replies; a private note stays inside', async ({
    page,
    request,
  }) => {
    const login = await request.post(`${API_URL}/auth/login`, { data: ADMIN });
    const { token } = (await login.json()) as { token: string };
    const headers = { authorization: `Bearer ${token}` };
    const stamp = `${Date.now()}`.slice(-9);
    const queue = await request.post(`${API_URL}/queue`, {
      headers,
      data: { name: `Fila ${stamp}`, color: `#${stamp.slice(-6)}`, greetingMessage: 'Bem-vindo!' },
    });
    expect(queue.ok(), await queue.text()).toBeTruthy();
    const { id: queueId } = (await queue.json()) as { id: number };
    const phoneNumberId = `77${stamp}0001`;
    const connection = await request.post(`${API_URL}/whatsapp`, {
      headers,
      data: {
        name: `Cloud ${stamp}`,
        channel: 'whatsappapi',
        phoneNumberId,
        accessToken: 'tok',
        appSecret: APP_SECRET,
        queueIds: [queueId],
      },
    });
    expect(connection.ok(), await connection.text()).toBeTruthy();
    const { id: connectionId } = (await connection.json()) as { id: number };
    const customer = `55119${stamp.slice(-8)}`;
    const name = `Cliente ${stamp}`;
    const deliver = (body: string) =>
      standin.deliverMessages(phoneNumberId, [inbound.text({ from: customer, body })], {
        url: `${API_URL}/webhooks/whatsappapi/${connectionId}`,
        contacts: [{ waId: customer, name }],
      });

    await signIn(page, ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL(/\/tickets$/);
    await page.getByRole('tab', { name: /Aguardando/ }).click();

    // arrives without a reload
    expect((await deliver('Olá, quero saber do meu pedido')).status).toBe(200);
    const item = page.getByTestId('ticket-item').filter({ hasText: name });
    await expect(item).toBeVisible();
    await expect(item).toContainText('Olá, quero saber do meu pedido');
    await page.screenshot({ path: `${SCREENSHOTS}/tickets-pending.png` });

    await item.click();
    await expect(page.getByTestId('ticket-contact-name')).toContainText(name);
    const composer = page.getByLabel('Mensagem', { exact: true });
    await expect(composer).toBeDisabled();
    await page.getByRole('button', { name: 'Aceitar' }).click();
    await expect(composer).toBeEnabled();
    // accepted: it left Pending for Open
    await expect(page.getByTestId('ticket-item').filter({ hasText: name })).toHaveCount(0);
    await page.getByRole('tab', { name: /Abertos/ }).click();
    await expect(page.getByTestId('ticket-item').filter({ hasText: name })).toBeVisible();

    await composer.fill('Olá! Vou verificar agora.');
    await composer.press('Enter');
    const reply = page.getByTestId('message').filter({ hasText: 'Olá! Vou verificar agora.' });
    await expect(reply).toBeVisible();
    await expect.poll(() => standin.sent.some((s) => JSON.stringify(s.body).includes('Vou verificar agora'))).toBe(true);
    // the stand-in reports sent, delivered, read: the ticks follow
    await expect(reply.locator('[data-ack="3"]')).toBeVisible({ timeout: 30_000 }); // job + three status webhooks, on a busy CI machine

    await page.getByRole('button', { name: 'Nota privada' }).click();
    await composer.fill('cliente VIP, priorizar');
    await composer.press('Enter');
    await expect(page.getByTestId('message').filter({ hasText: 'cliente VIP, priorizar' })).toContainText('Nota privada');

    // a new customer message appends live
    await deliver('Obrigado!');
    await expect(page.getByTestId('message').filter({ hasText: 'Obrigado!' })).toBeVisible();
    // read while on screen: the unread badge of that ticket goes away
    await expect(page.getByTestId('ticket-item').filter({ hasText: name }).getByTestId('unread')).toHaveCount(0);
    // reply quoting the customer's message
    const thanks = page.getByTestId('message').filter({ hasText: 'Obrigado!' });
    await thanks.hover();
    await thanks.getByRole('button', { name: 'Opções da mensagem' }).click();
    await page.getByRole('menuitem', { name: 'Responder' }).click();
    await expect(page.getByTestId('replying-to')).toContainText('Obrigado!');
    await composer.fill('Por nada!');
    await composer.press('Enter');
    await expect(page.getByTestId('message').filter({ hasText: 'Por nada!' })).toContainText('Obrigado!');
    // edit own note (within 15 min; the Cloud API cannot edit sent messages) and delete own message;
    // a customer message offers neither
    const note = page.getByTestId('message').filter({ hasText: 'cliente VIP, priorizar' });
    await note.hover();
    await note.getByRole('button', { name: 'Opções da mensagem' }).click();
    await page.getByRole('menuitem', { name: 'Editar' }).click();
    await expect(composer).toHaveValue('cliente VIP, priorizar');
    await composer.fill('cliente VIP, prioridade alta');
    await composer.press('Enter');
    await expect(page.getByTestId('message').filter({ hasText: 'cliente VIP, prioridade alta' })).toContainText('Editada');
    const mine = page.getByTestId('message').filter({ hasText: 'Por nada!' });
    await mine.hover();
    await mine.getByRole('button', { name: 'Opções da mensagem' }).click();
    await expect(page.getByRole('menuitem', { name: 'Editar' })).toHaveCount(0);
    await page.getByRole('menuitem', { name: 'Apagar' }).click();
    await expect(page.getByTestId('message').filter({ hasText: 'Essa mensagem foi apagada' })).toHaveCount(1);
    await thanks.first().hover();
    await thanks.first().getByRole('button', { name: 'Opções da mensagem' }).click();
    await expect(page.getByRole('menuitem', { name: 'Editar' })).toHaveCount(0);
    await expect(page.getByRole('menuitem', { name: 'Apagar' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    // live events never lose the owner or the queue of the ticket on screen
    await expect(page.getByTestId('ticket-view')).toContainText('Atribuído a: Admin');
    await expect(page.getByTestId('ticket-item').filter({ hasText: name })).toContainText(`Fila ${stamp}`);
    await page.screenshot({ path: `${SCREENSHOTS}/tickets-conversation.png` });
    expect(standin.sent.some((s) => JSON.stringify(s.body).includes('cliente VIP'))).toBe(false);
  });
});
