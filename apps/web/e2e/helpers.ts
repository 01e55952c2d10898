import { type CloudStatusName, type GraphStandin, inbound, startGraphStandin } from '@atendo/graph-standin';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page } from '@playwright/test';

export const ADMIN = { email: 'admin@atendo.test', password: 'Admin#12345' };
export const API_URL = process.env.E2E_API_URL ?? 'http://localhost:8080';
export const SCREENSHOTS = 'e2e/screenshots';

/** A 1×1 transparent PNG, for uploads. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

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

/** Where the Graph API stand-in listens: the webServer of playwright.config.ts points the product's GRAPH_API_URL here. */
export const GRAPH_PORT = Number(process.env.E2E_GRAPH_PORT ?? 8090);
/** Where e2e/webhooks.spec.ts's receiver listens (an allowed outbound host of the webServer in playwright.config.ts). */
export const WEBHOOK_RECEIVER_PORT = GRAPH_PORT + 3;
/** The app secret the stand-in signs webhooks with; the specs' Cloud API connections are made with it. */
export const APP_SECRET = 'e2e-app-secret';

/** A spec's Graph API stand-in: webhooks to the product, and these statuses posted back after each send. */
export function startStandin(autoStatuses: CloudStatusName[]) {
  return startGraphStandin({
    port: GRAPH_PORT,
    appSecret: APP_SECRET,
    webhookUrl: `${API_URL}/webhooks/whatsappapi`,
    autoStatuses,
  });
}

/** Bearer headers of an API sign-in (an API sign-in of a user ends their older sessions). */
export async function apiHeaders(request: APIRequestContext, credentials: { email: string; password: string } = ADMIN) {
  const login = await request.post(`${API_URL}/auth/login`, { data: credentials });
  expect(login.ok(), await login.text()).toBeTruthy();
  return { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
}

/** An API caller signed in as a user: every call must succeed; answers the parsed body. */
export async function apiAs(request: APIRequestContext, email: string, password: string) {
  const headers = await apiHeaders(request, { email, password });
  return async <T>(method: 'get' | 'post' | 'put', url: string, data?: unknown): Promise<T> => {
    const res = await request[method](`${API_URL}${url}`, { headers, data });
    expect(res.ok(), `${method} ${url}: ${await res.text()}`).toBeTruthy();
    return (await res.json()) as T;
  };
}

/** POSTs a record through the API (the call must succeed) and answers its id. */
export async function createVia(request: APIRequestContext, path: string, headers: Record<string, string>, data: object) {
  const res = await request.post(`${API_URL}${path}`, { headers, data });
  expect(res.ok(), await res.text()).toBeTruthy();
  return ((await res.json()) as { id: number }).id;
}

/** A Cloud API connection through the API, signed with APP_SECRET; answers its id. */
export function createCloudConnection(
  request: APIRequestContext,
  headers: Record<string, string>,
  data: { name: string; phoneNumberId: string; queueIds: number[]; isDefault?: boolean; businessAccountId?: string },
) {
  return createVia(request, '/whatsapp', headers, { channel: 'whatsappapi', accessToken: 'tok', appSecret: APP_SECRET, ...data });
}

/**
 * A new company ready to attend: its admin (signed in through the API) in a queue, a default Cloud API connection of
 * that queue, and a contact with a ticket in the given status (open: the admin's). Answers what the specs use.
 */
export async function companyWithTicket(request: APIRequestContext, label: string, status: 'open' | 'pending') {
  const account = await signUpCompany(request, label);
  const login = await request.post(`${API_URL}/auth/login`, { data: { email: account.email, password: account.password } });
  const { token, user } = (await login.json()) as { token: string; user: { id: number } };
  const headers = { authorization: `Bearer ${token}` };
  const post = async <T>(path: string, data: unknown): Promise<T> => {
    const res = await request.post(`${API_URL}${path}`, { headers, data });
    expect(res.ok(), `${path}: ${await res.text()}`).toBeTruthy();
    return (await res.json()) as T;
  };
  const stamp = `${Date.now()}`.slice(-6);
  const queue = await post<{ id: number }>('/queue', { name: `Fila ${stamp}`, color: '#2e7d32' });
  await request.put(`${API_URL}/users/${user.id}`, { headers, data: { queueIds: [queue.id] } });
  await createCloudConnection(request, headers, {
    name: `Cloud ${stamp}`,
    phoneNumberId: `55${stamp}${counter}`,
    queueIds: [queue.id],
    isDefault: true,
  });
  const contact = await post<{ id: number; name: string }>('/contacts', { name: `Cliente ${stamp}`, number: `5511955${stamp}` });
  const ticket = await post<{ id: number; uuid: string }>('/tickets', {
    contactId: contact.id,
    queueId: queue.id,
    status,
    ...(status === 'open' ? { userId: user.id } : {}),
  });
  return { account, post, contact, ticket };
}

/** Picks an option of a dialog's select by its label. */
export async function choose(page: Page, label: string, option: string) {
  await page.getByRole('dialog').getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}

/** axe-core's serious and critical WCAG 2.1 A/AA violations on the page as it is, one line each (issue 35 item 7). */
export async function axeProblems(page: Page, label: string): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const problems: string[] = [];
  for (const v of result.violations) {
    if (v.impact !== 'serious' && v.impact !== 'critical') continue;
    const where = v.nodes
      .slice(0, 3)
      .map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)}`)
      .join(' | ');
    problems.push(`${label}: ${v.id} (${v.impact}, ${v.nodes.length}) ${where}`);
    if (process.env.LOOK_DEBUG) console.log(JSON.stringify(v.nodes[0], null, 1));
  }
  return problems;
}

/** Customers (number and profile name) writing a text through the Cloud API stand-in into a connection's webhook. */
export function cloudCustomerWrites(standin: GraphStandin, phoneNumberId: string, connectionId: number) {
  return async (c: { number: string; name: string }, body: string) => {
    const delivered = await standin.deliverMessages(phoneNumberId, [inbound.text({ from: c.number, body })], {
      url: `${API_URL}/webhooks/whatsappapi/${connectionId}`,
      contacts: [{ waId: c.number, name: c.name }],
    });
    expect(delivered.status).toBe(200);
  };
}
