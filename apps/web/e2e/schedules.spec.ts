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

/**
 * The calendar on react-big-calendar (issue 20 item 7): month, week, day and agenda views, each showing a schedule
 * at its time with edit and delete; a click on a day creates a schedule on that day.
 */
test('the schedules calendar shows month, week, day and agenda, and a click on a day opens the form for that day', async ({
  page,
  request,
}) => {
  const login = await request.post(`${API_URL}/auth/login`, { data: ADMIN });
  expect(login.ok(), await login.text()).toBeTruthy();
  const headers = { Authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  const stamp = `${Date.now()}`.slice(-8);
  const contact = await request.post(`${API_URL}/contacts`, {
    headers,
    data: { name: `Calendário ${stamp}`, number: `5521${stamp}3` },
  });
  expect(contact.ok(), await contact.text()).toBeTruthy();
  const { id } = (await contact.json()) as { id: number };
  // two hours from now (today unless it is late in the evening: the calendar is then moved to that day)
  const sendAt = new Date(Date.now() + 2 * 3_600_000);
  const created = await request.post(`${API_URL}/schedules`, {
    headers,
    data: { body: `Visita ${stamp}`, sendAt: sendAt.toISOString(), contactIds: [id] },
  });
  expect(created.ok(), await created.text()).toBeTruthy();

  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/tickets/);
  await page.goto('/schedules');
  const calendar = page.getByTestId('schedules-calendar');
  const event = calendar.getByTestId('calendar-event').filter({ hasText: `Calendário ${stamp}` });
  await page.getByLabel('Buscar por contato ou mensagem').fill(`Calendário ${stamp}`);
  // The calendar opens on today in the company's time zone; late in the evening the schedule is tomorrow, which can be
  // in the next week (a Saturday night: pt-BR weeks start on Sunday) or the next month. Decided from the clock.
  const saoPauloDay = (d: Date) => d.toLocaleDateString('en-CA', { timeZone: 'America/Sao_Paulo' });
  const weekOf = (d: Date) => {
    const day = new Date(`${saoPauloDay(d)}T12:00:00Z`);
    day.setUTCDate(day.getUTCDate() - day.getUTCDay());
    return day.toISOString().slice(0, 10);
  };
  const now = new Date();
  const nextMonth = saoPauloDay(sendAt).slice(0, 7) !== saoPauloDay(now).slice(0, 7);
  const nextWeek = weekOf(sendAt) !== weekOf(now);
  if (nextMonth) await calendar.getByRole('button', { name: 'Próximo' }).click();
  await expect(event).toHaveCount(1);
  await expect(page.getByTestId('calendar-month')).toContainText(/\d{4}/);
  await page.screenshot({ path: `${SCREENSHOTS}/schedules-month.png` });
  if (nextMonth) await calendar.getByRole('button', { name: 'Anterior' }).click();

  await calendar.getByRole('button', { name: 'Semana' }).click();
  if (nextWeek) await calendar.getByRole('button', { name: 'Próximo' }).click();
  await expect(event).toHaveCount(1);
  await page.screenshot({ path: `${SCREENSHOTS}/schedules-week.png` });
  if (nextWeek) await calendar.getByRole('button', { name: 'Anterior' }).click();
  await calendar.getByRole('button', { name: 'Dia', exact: true }).click();
  await expect(calendar.getByRole('button', { name: 'Dia', exact: true })).toHaveAttribute('aria-pressed', 'true');
  // the day view shows today in the company's time zone; the schedule is tomorrow late in the evening (decided from the
  // clock, not from what the view shows while it re-renders: counting the events then raced the switch of views)
  if (saoPauloDay(sendAt) !== saoPauloDay(now)) await calendar.getByRole('button', { name: 'Próximo' }).click();
  await expect(event).toHaveCount(1);
  await page.screenshot({ path: `${SCREENSHOTS}/schedules-day.png` });
  await calendar.getByRole('button', { name: 'Agenda', exact: true }).click();
  await expect(event).toHaveCount(1);
  await expect(calendar).toContainText(`Calendário ${stamp}`);
  await page.screenshot({ path: `${SCREENSHOTS}/schedules-agenda.png` });
  // the week in the dark theme
  await page.getByRole('button', { name: 'Ativar modo escuro' }).click();
  await calendar.getByRole('button', { name: 'Semana' }).click();
  await expect(event).toHaveCount(1);
  await page.screenshot({ path: `${SCREENSHOTS}/schedules-week-dark.png` });
  await page.getByRole('button', { name: 'Ativar modo claro' }).click();
  await calendar.getByRole('button', { name: 'Agenda', exact: true }).click();

  // an event's edit icon opens it; its delete icon asks first
  await calendar.getByRole('button', { name: `Editar Calendário ${stamp}` }).click();
  const editing = page.getByRole('dialog', { name: 'Editar agendamento' });
  await expect(editing.getByLabel('Mensagem')).toHaveValue(`Visita ${stamp}`);
  await editing.getByRole('button', { name: 'Cancelar' }).click();
  await expect(editing).toHaveCount(0);

  // back on the month, a click on a day some days ahead opens the form on that day
  await calendar.getByRole('button', { name: 'Mês' }).click();
  await page.getByLabel('Buscar por contato ou mensagem').fill('');
  // ten days ahead on the browser's clock (São Paulo's, as the company's)
  const ahead = await page.evaluate(() => {
    const d = new Date(Date.now() + 10 * 86_400_000);
    return { year: d.getFullYear(), month: d.getMonth() + 1, day: d.getDate(), next: d.getMonth() !== new Date().getMonth() };
  });
  // (the calendar already shows the next month when the day view moved to a schedule that falls there)
  if (ahead.next && !nextMonth) await calendar.getByRole('button', { name: 'Próximo' }).click();
  const cells = calendar.locator('.rbc-month-row .rbc-day-bg:not(.rbc-off-range-bg)');
  await cells.nth(ahead.day - 1).click({ position: { x: 20, y: 40 } });
  const creating = page.getByRole('dialog', { name: 'Agendar mensagem' });
  await expect(creating).toBeVisible();
  const pad = (n: number) => String(n).padStart(2, '0');
  await expect(creating.getByLabel('Data e hora do envio')).toHaveValue(
    new RegExp(`^${ahead.year}-${pad(ahead.month)}-${pad(ahead.day)}T`),
  );
  await creating.getByRole('button', { name: 'Cancelar' }).click();
});
