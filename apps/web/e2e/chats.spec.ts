import { expect, test } from '@playwright/test';
import { apiAs, SCREENSHOTS, signIn, signUpCompany } from './helpers';

test.describe('internal chat (issue 20)', () => {
  test('two users chat live, with unread badges in the list and the top-bar bell', async ({ page, browser, request }) => {
    test.setTimeout(120_000);
    const owner = await signUpCompany(request, 'Chat');
    const call = await apiAs(request, owner.email, owner.password);
    const stamp = `${Date.now()}`.slice(-8);
    const ana = { name: `Ana ${stamp}`, email: `ana.c${stamp}@example.com`, password: 'ana12345' };
    const bia = { name: `Bia ${stamp}`, email: `bia.c${stamp}@example.com`, password: 'bia12345' };
    await call('post', '/users', { ...ana, profile: 'user', queueIds: [] });
    await call('post', '/users', { ...bia, profile: 'user', queueIds: [] });

    await signIn(page, ana.email, ana.password);
    await expect(page).toHaveURL(/\/tickets$/);
    await page.goto('/chats');
    await expect(page.getByText('Nenhuma conversa ainda. Crie uma com Nova.')).toBeVisible();
    const biaContext = await browser.newContext();
    const biaPage = await biaContext.newPage();
    await signIn(biaPage, bia.email, bia.password);
    await expect(biaPage).toHaveURL(/\/tickets$/);
    await biaPage.goto('/chats');

    // Ana starts a chat with Bia: saving waits for a title and a user
    await page.getByRole('button', { name: 'Nova', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Nova conversa' });
    await expect(dialog.getByRole('button', { name: 'Salvar' })).toBeDisabled();
    await dialog.getByLabel('Título').fill('Projeto Aurora');
    await dialog.getByLabel('Usuários').click();
    await page.getByRole('option', { name: bia.name }).click();
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(page).toHaveURL(/\/chats\/[0-9a-f-]{36}$/);
    // Bia's list shows it live
    const biaItem = biaPage.getByTestId('chat-item').filter({ hasText: 'Projeto Aurora' });
    await expect(biaItem).toBeVisible();

    // Ana writes (Enter sends); Bia gets an unread badge in the list and in the bell
    const composer = page.getByLabel('Mensagem do chat');
    await composer.fill('Bom dia, Bia! Reunião às 10h?');
    await composer.press('Enter');
    await expect(page.getByTestId('chat-message').filter({ hasText: 'Reunião às 10h?' })).toBeVisible();
    await expect(composer).toHaveValue('');
    await expect(biaItem.getByTestId('chat-unread')).toContainText('1');
    await expect(biaPage.getByRole('button', { name: 'Chat interno (1 com mensagens não lidas)' })).toBeVisible();
    await biaPage.screenshot({ path: `${SCREENSHOTS}/chats-unread.png` });

    // Bia opens it: the message is there, the badges go
    await biaItem.click();
    await expect(biaPage.getByTestId('chat-message').filter({ hasText: 'Reunião às 10h?' })).toBeVisible();
    await expect(biaItem.getByTestId('chat-unread')).toHaveCount(0);
    await expect(biaPage.getByRole('button', { name: 'Chat interno (0 com mensagens não lidas)' })).toBeVisible();
    // she answers; Ana, in the chat, reads it live
    await biaPage.getByLabel('Mensagem do chat').fill('Combinado!');
    await biaPage.getByLabel('Mensagem do chat').press('Enter');
    await expect(page.getByTestId('chat-message').filter({ hasText: 'Combinado!' })).toBeVisible();
    await expect(page.getByTestId('chat-item').filter({ hasText: 'Combinado!' })).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}/chats-conversation.png` });
    // only the owner edits and deletes
    await expect(biaPage.getByRole('button', { name: 'Excluir Projeto Aurora' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Excluir Projeto Aurora' })).toBeVisible();
    await biaContext.close();
  });
});
