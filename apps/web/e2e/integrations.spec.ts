import { expect, test } from '@playwright/test';
import { expectShell, signIn, signUpCompany } from './helpers';

const PNG_BYTES = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

test.describe('queue integrations and file lists', () => {
  test('an admin creates a Typebot integration and a file list and picks them in the queue chatbot editor', async ({
    page,
    request,
  }) => {
    const owner = await signUpCompany(request, 'Integra');
    await signIn(page, owner.email, owner.password);
    await expectShell(page);

    await page.goto('/queue-integration');
    await expect(page.getByText('Nenhuma integração cadastrada.')).toBeVisible();
    await page.getByRole('button', { name: 'Adicionar integração' }).click();
    const it = page.getByRole('dialog', { name: 'Adicionar integração' });
    await it.getByLabel('Nome', { exact: true }).fill('Bot de pedidos');
    await it.getByLabel('URL', { exact: true }).fill('https://typebot.example.com');
    await it.getByRole('button', { name: 'Salvar' }).click();
    await expect(it.getByText('Obrigatório')).toBeVisible(); // the slug
    await it.getByLabel('Slug do Typebot').fill('pedidos');
    await it.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Integração salva com sucesso!')).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: 'Bot de pedidos' })).toContainText('Typebot');

    await page.goto('/files');
    await page.getByRole('button', { name: 'Adicionar lista' }).click();
    const fl = page.getByRole('dialog', { name: 'Adicionar lista' });
    await fl.getByLabel('Nome', { exact: true }).fill('ab');
    await fl.getByLabel('Mensagem', { exact: true }).fill('Segue o catálogo');
    await fl.getByRole('button', { name: 'Salvar' }).click();
    await expect(fl.getByText('nome muito curto')).toBeVisible();
    await fl.getByLabel('Nome', { exact: true }).fill('Catálogo');
    await fl.getByTestId('file-list-files').setInputFiles({ name: 'catalogo.png', mimeType: 'image/png', buffer: PNG_BYTES });
    await fl.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Lista salva com sucesso!')).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: 'Catálogo' })).toContainText('1');

    await page.goto('/queues');
    await page.getByRole('button', { name: 'Adicionar fila' }).click();
    const dialog = page.getByRole('dialog', { name: 'Adicionar fila' });
    await dialog.getByLabel('Nome', { exact: true }).fill('Pedidos');
    await dialog.getByLabel('Cor', { exact: true }).fill('#3949ab');
    await dialog.getByLabel('Mensagem de saudação').fill('Olá!');
    await dialog.getByRole('button', { name: 'Adicionar opção', exact: true }).click();
    const first = dialog.getByTestId('step-0');
    await first.getByLabel('Nome da opção').first().fill('Fazer pedido');
    await first.getByLabel('Mensagem', { exact: true }).first().fill('Vamos lá');
    await first.getByLabel('Tipo').click();
    await page.getByRole('option', { name: 'Integração' }).click();
    await first.getByLabel('Integração').click();
    await page.getByRole('option', { name: 'Bot de pedidos' }).click();
    await dialog.getByRole('button', { name: 'Adicionar opção', exact: true }).click();
    const second = dialog.getByTestId('step-1');
    await second.getByLabel('Nome da opção').first().fill('Catálogo');
    await second.getByLabel('Mensagem', { exact: true }).first().fill('Enviando');
    await second.getByLabel('Tipo').click();
    await page.getByRole('option', { name: 'Arquivo' }).click();
    await second.getByLabel('Lista de arquivos').click();
    await page.getByRole('option', { name: 'Catálogo' }).click();
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Bot salvo com sucesso')).toBeVisible();
    const edit = page.getByRole('dialog', { name: 'Editar fila' });
    await expect(edit.getByTestId('step-0').getByLabel('Integração')).toContainText('Bot de pedidos');
    await expect(edit.getByTestId('step-1').getByLabel('Lista de arquivos')).toContainText('Catálogo');
  });
});
