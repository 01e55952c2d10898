import { expect, test } from '@playwright/test';
import { ADMIN, API_URL, SCREENSHOTS, signIn } from './helpers';

/**
 * /schedules?contactId=N (issue 15 item 6): the calendar opens the schedule form for that contact. The page once read
 * the contact into the cache key the form reads as the contact's waiting schedules, and the form broke.
 */
test('a link to /schedules?contactId=N opens the form for that contact, with its waiting schedules, and it saves', async ({
  page,
  request,
}) => {
  // one session per user: the API is signed in again after the browser has been
  const authorize = async () => {
    const login = await request.post(`${API_URL}/auth/login`, { data: ADMIN });
    expect(login.ok(), await login.text()).toBeTruthy();
    return { Authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  };
  const headers = await authorize();
  const stamp = `${Date.now()}`.slice(-8);
  const contact = await request.post(`${API_URL}/contacts`, {
    headers,
    data: { name: `Agenda ${stamp}`, number: `5511${stamp}7` },
  });
  expect(contact.ok(), await contact.text()).toBeTruthy();
  const { id } = (await contact.json()) as { id: number };
  const waiting = await request.post(`${API_URL}/schedules`, {
    headers,
    data: { body: `Lembrete ${stamp}`, sendAt: new Date(Date.now() + 3 * 86_400_000).toISOString(), contactIds: [id] },
  });
  expect(waiting.ok(), await waiting.text()).toBeTruthy();

  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/tickets/);
  await page.goto(`/schedules?contactId=${id}`);
  const dialog = page.getByRole('dialog', { name: 'Agendar mensagem' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: `Agenda ${stamp}` })).toBeVisible();
  await expect(dialog.getByText(`Agendamentos pendentes de Agenda ${stamp}`)).toBeVisible();
  await expect(dialog.getByTestId('schedules-waiting')).toContainText(`Lembrete ${stamp}`);
  await expect(page).toHaveURL(/\/schedules$/);
  await page.screenshot({ path: `${SCREENSHOTS}/schedules-contact-link.png` });

  await dialog.getByLabel('Mensagem').fill(`Segundo lembrete ${stamp}`);
  await dialog.getByRole('button', { name: 'Agendar' }).click();
  await expect(page.getByText('Agendamento salvo')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  const list = await request.get(`${API_URL}/schedules`, {
    headers: await authorize(),
    params: { contactId: id, status: 'PENDENTE' },
  });
  expect(list.ok(), await list.text()).toBeTruthy();
  const bodies = ((await list.json()) as { schedules: { body: string }[] }).schedules.map((s) => s.body);
  expect(bodies.sort()).toEqual([`Lembrete ${stamp}`, `Segundo lembrete ${stamp}`]);
});
