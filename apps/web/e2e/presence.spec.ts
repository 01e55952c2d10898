import { expect, test } from '@playwright/test';
import { apiHeaders, createCloudConnection, createVia, signIn, signUpCompany } from './helpers';

/**
 * Issue 16 item 12: an attendant's presence reaches /moments live — online when their app connects,
 * offline a few seconds (the server's grace) after their last tab closes, without reloading the panel.
 */
test('/moments follows an attendant going online and offline without a reload', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  const owner = await signUpCompany(request, 'Presença');
  const headers = await apiHeaders(request, owner);
  const stamp = `${Date.now()}`.slice(-9);
  const queueId = await createVia(request, '/queue', headers, { name: `Fila ${stamp}`, color: '#2277aa' });
  const colleague = { name: `Bruno ${stamp}`, email: `bruno.${stamp}@example.com`, password: 'Senha#123' };
  const colleagueId = await createVia(request, '/users', headers, { ...colleague, profile: 'user', queueIds: [queueId] });
  const contactId = await createVia(request, '/contacts', headers, {
    name: 'Cliente Presença',
    number: `55119${stamp.slice(-8)}`,
  });
  // a Cloud API connection (no message is sent: the Graph API is never called here)
  await createCloudConnection(request, headers, {
    name: `Cloud ${stamp}`,
    phoneNumberId: `79${stamp}0001`,
    queueIds: [queueId],
    isDefault: true,
  });
  // a ticket the colleague opens gives them a column on the panel
  await createVia(request, '/tickets', await apiHeaders(request, colleague), {
    contactId,
    queueId,
    userId: colleagueId,
    status: 'open',
  });

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
