import { type GraphStandin, inbound } from '@atendo/graph-standin';
import { expect, test } from '@playwright/test';
import { ADMIN, API_URL, apiHeaders, createCloudConnection, createVia, PNG, SCREENSHOTS, signIn, startStandin } from './helpers';

let standin: GraphStandin;
test.beforeAll(async () => {
  standin = await startStandin(['sent']);
});
test.afterAll(async () => {
  await standin?.close();
});

/**
 * Issue 16 items 4 and 7: a quick message a colleague shares reaches the '/' picker of an open
 * conversation without a reload, and its placeholders show filled in the composer and reach the
 * customer filled.
 */
test('a shared quick message reaches the open picker live, filled with the ticket’s values', async ({ page, request }) => {
  test.setTimeout(120_000);
  const headers = await apiHeaders(request);
  const stamp = `${Date.now()}`.slice(-9);
  // a greeting: with other queues in the company (earlier journeys) each queue needs one
  const queueId = await createVia(request, '/queue', headers, {
    name: `Fila QM ${stamp}`,
    color: `#${stamp.slice(-6)}`,
    greetingMessage: 'Bem-vindo!',
  });
  const phoneNumberId = `78${stamp}0001`;
  const connectionId = await createCloudConnection(request, headers, {
    name: `Cloud QM ${stamp}`,
    phoneNumberId,
    queueIds: [queueId],
  });
  // a colleague who will share the quick message
  const colleague = { name: `Colega ${stamp}`, email: `colega.${stamp}@example.com`, password: 'Senha#123' };
  await createVia(request, '/users', headers, { ...colleague, profile: 'user', queueIds: [queueId] });
  const colleagueHeaders = await apiHeaders(request, colleague);

  const customer = `55119${stamp.slice(-8)}`;
  const name = `Joana Cliente ${stamp}`;
  const delivered = await standin.deliverMessages(phoneNumberId, [inbound.text({ from: customer, body: 'Oi, tudo bem?' })], {
    url: `${API_URL}/webhooks/whatsappapi/${connectionId}`,
    contacts: [{ waId: customer, name }],
  });
  expect(delivered.status).toBe(200);

  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/tickets$/);
  await page.getByRole('tab', { name: /Aguardando/ }).click();
  await page.getByTestId('ticket-item').filter({ hasText: name }).click();
  await page.getByRole('button', { name: 'Aceitar' }).click();
  const composer = page.getByLabel('Mensagem', { exact: true });
  await expect(composer).toBeEnabled();

  // the picker is open and finds nothing under this shortcode yet
  const shortcode = `boasvindas${stamp}`;
  const searched = page.waitForResponse(
    (r) => r.url().includes('/quick-messages/list') && new URL(r.url()).searchParams.get('searchParam') === shortcode,
  );
  await composer.fill(`/${shortcode}`);
  // the sentinel: the picker's own search for it has been answered, with nothing
  expect(await (await searched).json()).toEqual([]);
  await expect(page.getByTestId('quick-messages')).toHaveCount(0);

  const shared = await request.post(`${API_URL}/quick-messages`, {
    headers: colleagueHeaders,
    data: { shortcode, message: 'Olá {{firstName}}, aqui é {{userName}} da {{queue}}!', geral: true },
  });
  expect(shared.ok(), await shared.text()).toBeTruthy();

  // without a reload
  const option = page.getByTestId('quick-messages').getByText(`/${shortcode}`);
  await expect(option).toBeVisible();
  await option.click();
  const filled = `Olá Joana, aqui é Admin da Fila QM ${stamp}!`;
  await expect(composer).toHaveValue(filled);
  await composer.press('Enter');
  await expect(page.getByTestId('message').filter({ hasText: filled })).toBeVisible();
  await expect.poll(() => standin.sent.some((s) => JSON.stringify(s.body).includes(filled))).toBe(true);
  expect(standin.sent.some((s) => JSON.stringify(s.body).includes('{{'))).toBe(false);

  // Issue 31 items 4 and 5: from the keyboard, a quick message with a file — previewed with its text as the caption
  // (by the colleague: the admin's API session ended when the admin signed in in the browser — one session per user)
  const tabela = await request.post(`${API_URL}/quick-messages`, {
    headers: colleagueHeaders,
    data: { shortcode: `${shortcode}tabela`, message: 'Segue a tabela, {{firstName}}.', geral: true },
  });
  expect(tabela.ok(), await tabela.text()).toBeTruthy();
  const media = await request.post(`${API_URL}/quick-messages/${(await tabela.json()).id}/media-upload`, {
    headers: colleagueHeaders,
    multipart: {
      typeArch: 'quickMessage',
      file: { name: 'tabela de preços.png', mimeType: 'image/png', buffer: PNG },
    },
  });
  expect(media.ok(), await media.text()).toBeTruthy();
  await composer.fill(`/${shortcode}`);
  const options = page.getByTestId('quick-messages').getByRole('option');
  await expect(options).toHaveCount(2);
  await expect(options.nth(0)).toHaveAttribute('aria-selected', 'true');
  await composer.press('ArrowDown');
  await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
  await composer.press('Enter'); // picks: the raw "/boasvindas…" never goes out
  const caption = page.getByLabel('Legenda tabela_de_preços.png');
  await expect(caption).toHaveValue('Segue a tabela, Joana.');
  await expect(page.getByAltText('tabela_de_preços.png')).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}/quick-message-attachment.png` });
  await caption.press('Enter');
  await expect.poll(() => standin.sent.some((s) => JSON.stringify(s.body).includes('Segue a tabela, Joana.'))).toBe(true);
  const image = standin.sent.find((s) => JSON.stringify(s.body).includes('Segue a tabela'))?.body as unknown as {
    type: string;
    image?: { caption?: string };
  };
  expect(image.type).toBe('image');
  expect(image.image?.caption).toContain('Segue a tabela, Joana.');
  expect(standin.sent.some((s) => JSON.stringify(s.body).includes(`"/${shortcode}`))).toBe(false);
});
