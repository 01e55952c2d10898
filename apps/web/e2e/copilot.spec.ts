import { type GraphStandin, inbound } from '@atendo/graph-standin';
import { expect, test } from '@playwright/test';
import {
  API_URL,
  apiHeaders,
  createCloudConnection,
  createVia,
  SCREENSHOTS,
  signIn,
  signUpCompany,
  startStandin,
} from './helpers';

let standin: GraphStandin;
test.beforeAll(async () => {
  standin = await startStandin(['sent']);
});
test.afterAll(async () => {
  await standin?.close();
});

/**
 * The attendants' AI co-pilot (issue 33 item 4, docs/ai.md): in an accepted ticket, "Sugerir resposta" fills the
 * composer with the model's draft (OpenAI stand-in), nothing is sent; "Resumir" adds a private note with the summary.
 */
test('Suggest reply fills the composer; Summarise adds a private note', async ({ page, request }) => {
  test.setTimeout(180_000);
  const account = await signUpCompany(request, 'Copilot');
  const stamp = `${Date.now()}`.slice(-8);
  const headers = await apiHeaders(request, { email: account.email, password: account.password });
  const me = await request.get(`${API_URL}/auth/me`, { headers });
  const { id: userId } = (await me.json()) as { id: number };
  const queueId = await createVia(request, '/queue', headers, { name: `Trocas ${stamp}`, color: `#${stamp.slice(-6)}` });
  const put = await request.put(`${API_URL}/users/${userId}`, { headers, data: { queueIds: [queueId] } });
  expect(put.ok(), await put.text()).toBeTruthy();
  const phoneNumberId = `67${stamp}0001`;
  const connectionId = await createCloudConnection(request, headers, {
    name: `Cloud ${stamp}`,
    phoneNumberId,
    queueIds: [queueId],
  });
  const customer = `55118${stamp}`;
  const name = `Cliente Copiloto ${stamp}`;
  const sent = await standin.deliverMessages(
    phoneNumberId,
    [inbound.text({ from: customer, body: 'Comprei um tênis e ficou pequeno, posso trocar?' })],
    { url: `${API_URL}/webhooks/whatsappapi/${connectionId}`, contacts: [{ waId: customer, name }] },
  );
  expect(sent.status).toBe(200);
  // a second admin sets up the AI while the attendant is signed in (one session per user)
  const ops = { name: `Ops ${stamp}`, email: `ops.${stamp}@example.com`, password: 'Senha#123' };
  await createVia(request, '/users', headers, { ...ops, profile: 'admin', queueIds: [queueId] });

  await signIn(page, account.email, account.password);
  await page.getByRole('tab', { name: /Aguardando/ }).click();
  await page.getByTestId('ticket-item').filter({ hasText: name }).click();
  await page.getByRole('button', { name: 'Aceitar' }).click();
  const composer = page.getByLabel('Mensagem', { exact: true });
  await expect(composer).toBeEnabled();
  // The company's key: an AI prompt of the queue, made once the attendant holds the ticket. The bot decides after the
  // webhook answered (docs/architecture.md): a prompt made before that decision ran made the queue's AI answer the
  // customer (a CI run on PostgreSQL); a held ticket is never the bot's.
  await createVia(request, '/prompt', await apiHeaders(request, ops), {
    name: `Assistente ${stamp}`,
    prompt: 'Você atende a loja. Trocas em até 30 dias com nota fiscal. Responda de forma breve e educada.',
    queueId,
    apiKey: 'sk-e2e-copilot-123456',
  });

  const draft = `Olá! Pode trocar sim, em até 30 dias com a nota fiscal. (${stamp})`;
  standin.chat.answers.push(draft);
  await page.getByRole('button', { name: 'Assistente de IA' }).click();
  await page.getByRole('menuitem', { name: /Sugerir resposta/ }).click();
  await expect(composer).toHaveValue(draft);
  const asked = standin.chat.last()?.messages.map((m) => m.content) ?? [];
  expect(asked.join('\n')).toContain('ficou pequeno');
  expect(standin.sent.some((s) => JSON.stringify(s.body).includes(stamp))).toBe(false);
  // Undo brings the empty composer back.
  await page.getByRole('button', { name: 'Desfazer a mudança da IA' }).click();
  await expect(composer).toHaveValue('');

  const summary = `- Cliente quer trocar um tênis pequeno. (${stamp})`;
  standin.chat.answers.push(summary);
  await page.getByRole('button', { name: 'Assistente de IA' }).click();
  await page.getByRole('menuitem', { name: /Resumir/ }).click();
  const note = page.getByTestId('message').filter({ hasText: `Cliente quer trocar um tênis pequeno. (${stamp})` });
  await expect(note).toContainText('Nota privada');
  await page.screenshot({ path: `${SCREENSHOTS}/copilot-summary.png` });
  expect(standin.sent.some((s) => JSON.stringify(s.body).includes(stamp))).toBe(false);

  // The transfer dialog offers the summary note: ticked, the note is written before the ticket goes back to the queue.
  standin.chat.answers.push(`- Resumo na transferência. (${stamp})`);
  await page.getByRole('button', { name: 'Transferir', exact: true }).click();
  const transfer = page.getByRole('dialog', { name: 'Transferir atendimento' });
  await transfer.getByLabel('Fila').click();
  await page.getByRole('option', { name: `Trocas ${stamp}` }).click();
  await transfer.getByLabel('Adicionar nota com resumo (IA)').check();
  await transfer.getByRole('button', { name: 'Transferir' }).click();
  await expect(page).toHaveURL(/\/tickets$/);
  await page.getByRole('tab', { name: /Aguardando/ }).click();
  await page.getByTestId('ticket-item').filter({ hasText: name }).click();
  await expect(page.getByTestId('message').filter({ hasText: `Resumo na transferência. (${stamp})` })).toContainText(
    'Nota privada',
  );
});
