import { type APIRequestContext, expect, type Page } from '@playwright/test';

export const ADMIN = { email: 'admin@atendo.test', password: 'Admin#12345' };
export const API_URL = process.env.E2E_API_URL ?? 'http://localhost:8080';
export const SCREENSHOTS = 'e2e/screenshots';

export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

/** The drawer's navigation landmark (its name follows the language). */
export const drawer = (page: Page, name = 'Menu principal') => page.getByRole('navigation', { name });

export async function expectShell(page: Page) {
  await expect(page).toHaveURL(/\/tickets$/);
  await expect(drawer(page)).toBeVisible();
}

let counter = 0;
/** A fresh company through the public sign-up API; answers its admin's credentials. */
export async function signUpCompany(request: APIRequestContext, label = 'E2E') {
  counter += 1;
  const stamp = `${Date.now()}${counter}`;
  const account = {
    name: `Gestora ${label}`,
    email: `gestora.${stamp}@example.com`,
    password: 'Senha#123',
    phone: '5511999990000',
    companyName: `Empresa ${label} ${stamp}`,
  };
  const plans = await request.get(`${API_URL}/plans/list?listPublic=true`);
  expect(plans.ok()).toBeTruthy();
  const [plan] = (await plans.json()) as { id: number }[];
  const res = await request.post(`${API_URL}/auth/signup`, { data: { ...account, planId: plan.id } });
  expect(res.status(), await res.text()).toBe(201);
  return account;
}
