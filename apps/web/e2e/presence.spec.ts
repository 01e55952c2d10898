import { expect, test } from '@playwright/test';
import { API_URL, signIn, signUpCompany } from './helpers';

/**
 * Issue 16 item 12: an attendant's presence reaches /moments live — online when their app connects,
 * offline a few seconds (the server's grace) after their last tab closes, without reloading the panel.
 */
test('/moments follows an attendant going online and offline without a reload', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  const owner = await signUpCompany(request, 'Presença');
  const login = await request.post(`${API_URL}/auth/login`, { data: { email: owner.email, password: owner.password } });
  expect(login.ok(), await login.text()).toBeTruthy();
  const headers = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  const stamp = `${Date.now()}`.slice(-9);

  const queue = await request.post(`${API_URL}/queue`, { headers, data: { name: `Fila ${stamp}`, color: '#2277aa' } });
  expect(queue.ok(), await queue.text()).toBeTruthy();
  const { id: queueId } = (await queue.json()) as { id: number };
  const colleague = { name: `Bruno ${stamp}`, email: `bruno.${stamp}@example.com`, password: 'Senha#123' };
  const created = await request.post(`${API_URL}/users`, {
    headers,
    data: { ...colleague, profile: 'user', queueIds: [queueId] },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  const { id: colleagueId } = (await created.json()) as { id: number };
  const contact = await request.post(`${API_URL}/contacts`, {
    headers,
    data: { name: 'Cliente Presença', number: `55119${stamp.slice(-8)}` },
  });
  expect(contact.ok(), await contact.text()).toBeTruthy();
  const { id: contactId } = (await contact.json()) as { id: number };
  // a Cloud API connection (no message is sent: the Graph API is never called here)
  const connection = await request.post(`${API_URL}/whatsapp`, {
    headers,
    data: {
      name: `Cloud ${stamp}`,
      channel: 'whatsappapi',
      phoneNumberId: `79${stamp}0001`,
      accessToken: 'tok',
      appSecret: 'e2e-app-secret',
      queueIds: [queueId],
      isDefault: true,
    },
  });
  expect(connection.ok(), await connection.text()).toBeTruthy();
  // a ticket the colleague opens gives them a column on the panel
  const colleagueLogin = await request.post(`${API_URL}/auth/login`, {
    data: { email: colleague.email, password: colleague.password },
  });
  expect(colleagueLogin.ok(), await colleagueLogin.text()).toBeTruthy();
  const ticket = await request.post(`${API_URL}/tickets`, {
    headers: { authorization: `Bearer ${((await colleagueLogin.json()) as { token: string }).token}` },
    data: { contactId, queueId, userId: colleagueId, status: 'open' },
  });
  expect(ticket.ok(), await ticket.text()).toBeTruthy();

  await signIn(page, owner.email, owner.password);
  await expect(page).toHaveURL(/\/tickets$/);
  await page.goto('/moments');
  const presence = page.getByLabel(`${colleague.name}: Offline`);
  await expect(presence).toBeVisible();

  const other = await browser.newContext();
  const colleaguePage = await other.newPage();
  await signIn(colleaguePage, colleague.email, colleague.password);
  await expect(colleaguePage).toHaveURL(/\/tickets$/);
  await expect(page.getByLabel(`${colleague.name}: Online`)).toBeVisible();

  // the colleague's only tab closes: offline after the grace, seen live by the panel
  await other.close();
  await expect(page.getByLabel(`${colleague.name}: Offline`)).toBeVisible({ timeout: 20_000 });
});
