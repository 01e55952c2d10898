import { expect, test } from '@playwright/test';
import { ADMIN, drawer } from './helpers';

/**
 * Issue 16 item 1: the product works from whatever address it is opened at (another loopback address
 * stands for "another host name": tests send traffic to loopback only). The API is on the same host
 * (E2E_API_PORT, 8080 by default), the refresh cookie and the socket work there too.
 */
const WEB_PORT = process.env.E2E_WEB_PORT ?? '3000';
const API_PORT = process.env.E2E_API_PORT ?? '8080';

for (const host of ['127.0.0.1', '127.0.0.2']) {
  test(`signs in and opens the inbox at http://${host}:${WEB_PORT} with the socket connected`, async ({ page }) => {
    const origin = `http://${host}:${WEB_PORT}`;
    // socket.io's namespace connect packet (`40/<companyId>,{"sid":…}`) on a socket to this host's API
    const joined = page
      .waitForEvent('websocket', (ws) => ws.url().startsWith(`ws://${host}:${API_PORT}/socket.io/`))
      .then((ws) => ws.waitForEvent('framereceived', { predicate: (f) => /^40\/\d+,/.test(String(f.payload)) }));
    await page.goto(`${origin}/login`);
    await page.getByLabel('E-mail').fill(ADMIN.email);
    await page.getByLabel('Senha', { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page).toHaveURL(`${origin}/tickets`);
    await expect(drawer(page)).toBeVisible();
    await joined;
    // the refresh cookie set by this host's API is sent back to it
    const refreshed = await page.evaluate(async (api) => {
      const res = await fetch(`${api}/auth/refresh_token`, { method: 'POST', credentials: 'include' });
      return res.status;
    }, `http://${host}:${API_PORT}`);
    expect(refreshed).toBe(200);
  });
}
