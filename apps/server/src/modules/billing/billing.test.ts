/**
 * Billing (issue 19): invoices issued once per period, tenant isolation, the 402 matrix of an expired company, and
 * each payment provider end to end through tools/payment-standin — charge, a forged notification refused with
 * nothing changed, a redelivered notification counted once, a lost one recovered by reconciliation.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type PaymentStandin, startPaymentStandin } from '@atendo/payment-standin';
import { addMonthsClamped, dayIn, type PaymentProviderName, storedDay } from '@atendo/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  bearer,
  createTenant,
  createTestApp,
  dueDay,
  superAdminToken,
  type Tenant,
  type TestContext,
} from '../../../test/harness';
import { companies, invoices, paymentCharges, plans } from '../../db/schema';
import { setGlobalSetting } from '../settings/settings.public';
import * as repo from './billing.repository';
import { createBillingService } from './billing.service';
import { mercadoPagoSignature } from './providers/mercadopago';

const SECRETS = {
  STRIPE_WEBHOOK_SECRET: 'whsec_test_secret',
  MERCADOPAGO_WEBHOOK_SECRET: 'mp-test-secret',
  ASAAS_WEBHOOK_TOKEN: 'asaas-test-token',
  EFI_WEBHOOK_HMAC: 'efi-test-hmac',
};

let t: TestContext;
let standin: PaymentStandin;
let superToken: string;

/** A free port for the product: Mercado Pago is told the notification URL (BACKEND_URL) with each preference. */
async function freePort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const { port } = srv.address() as AddressInfo;
  await new Promise((resolve) => srv.close(resolve));
  return port;
}

beforeAll(async () => {
  const port = await freePort();
  standin = await startPaymentStandin({
    productUrl: 'http://127.0.0.1:1',
    stripeWebhookSecret: SECRETS.STRIPE_WEBHOOK_SECRET,
    mercadoPagoWebhookSecret: SECRETS.MERCADOPAGO_WEBHOOK_SECRET,
    asaasWebhookToken: SECRETS.ASAAS_WEBHOOK_TOKEN,
    efiWebhookHmac: SECRETS.EFI_WEBHOOK_HMAC,
  });
  t = await createTestApp({
    env: {
      ...SECRETS,
      BACKEND_URL: `http://127.0.0.1:${port}`,
      EFI_API_URL: standin.url,
      MERCADOPAGO_API_URL: standin.url,
      STRIPE_API_URL: standin.url,
      ASAAS_API_URL: `${standin.url}/v3`,
    },
  });
  const address = await t.app.listen({ port, host: '127.0.0.1' });
  standin.setProductUrl(address);
  superToken = await superAdminToken(t);
}, 60_000);
afterAll(async () => {
  await t?.close();
  await standin?.close();
});

const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const post = (url: string, token: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: bearer(token), payload });
const billing = () => createBillingService(t.deps);

async function pricedTenant(dueDate: Date | null, amount = 99.9) {
  return createTenant(t, { dueDate, planFlags: { amount } });
}
async function companyDueDate(companyId: number) {
  const [row] = await t.database.db.select({ dueDate: companies.dueDate }).from(companies).where(eq(companies.id, companyId));
  return row?.dueDate ?? null;
}
async function planOf(companyId: number) {
  const [row] = await t.database.db
    .select({ plan: plans })
    .from(companies)
    .innerJoin(plans, eq(plans.id, companies.planId))
    .where(eq(companies.id, companyId));
  return row?.plan ?? null;
}
async function invoicesOf(companyId: number) {
  return t.database.db.select().from(invoices).where(eq(invoices.companyId, companyId));
}

async function configureOnly(provider: PaymentProviderName | null) {
  const keys: Record<PaymentProviderName, Record<string, string>> = {
    efi: { eficlientid: 'Client_Id_test', eficlientsecret: 'Client_Secret_test', efichavepix: 'pix@atendo.test' },
    mercadopago: { mpaccesstoken: 'TEST-mp-token' },
    stripe: { stripeprivatekey: 'sk_test_123' },
    asaas: { asaastoken: '$aact_test' },
  };
  for (const [name, values] of Object.entries(keys)) {
    for (const key of Object.keys(values)) await setGlobalSetting(t.database.db, key, name === provider ? values[key]! : '');
  }
}

const checkout = { firstName: 'Maria', lastName: 'Silva', zipcode: '123.456.789-09' };

describe('invoices', () => {
  it('issues one invoice per period, even with two workers at once, and none for company 1 or a far due date', async () => {
    const soon = await pricedTenant(dueDay(3), 120);
    const far = await pricedTenant(dueDay(40));
    await Promise.all([billing().issueInvoices(), billing().issueInvoices(), repo.issueDueInvoices(t.database.db, 10)]);
    await billing().issueInvoices();
    const issued = await invoicesOf(soon.companyId);
    expect(issued).toHaveLength(1);
    expect(issued[0]).toMatchObject({ value: 120, users: 10, connections: 10, queues: 10, status: 'open' });
    expect(issued[0]!.dueDate.toISOString()).toBe((await companyDueDate(soon.companyId))!.toISOString());
    expect(await invoicesOf(far.companyId)).toHaveLength(0);
    expect(await invoicesOf(1)).toHaveLength(0);
  });

  it("lists only the caller's company's invoices (search, paging); the super admin sees every company", async () => {
    const a = await pricedTenant(dueDay(-1));
    const b = await pricedTenant(dueDay(-1));
    const listA = await get('/invoices/all?searchParam=&pageNumber=1', a.userToken);
    expect(listA.statusCode, listA.body).toBe(200);
    expect(listA.json().invoices.map((i: { companyId: number }) => i.companyId)).toEqual([a.companyId]);
    expect(listA.json()).toMatchObject({ count: 1, hasMore: false });
    const listB = await get('/invoices/all', b.adminToken);
    expect(listB.json().invoices.every((i: { companyId: number }) => i.companyId === b.companyId)).toBe(true);
    const { id: idA, detail: detailA } = listA.json().invoices[0];
    const search = (token: string, q: string) => get(`/invoices/all?searchParam=${encodeURIComponent(q)}`, token);
    expect((await search(b.adminToken, detailA)).json().invoices).toEqual([]);
    expect((await search(a.adminToken, detailA)).json().invoices).toHaveLength(1);
    expect((await search(a.adminToken, 'no such plan')).json()).toMatchObject({ invoices: [], count: 0, hasMore: false });
    const all = await get('/invoices/all?pageNumber=1', superToken);
    const companiesSeen = new Set(all.json().invoices.map((i: { companyId: number }) => i.companyId));
    expect(companiesSeen.has(a.companyId) && companiesSeen.has(b.companyId)).toBe(true);
    // B cannot pay A's invoice: it does not exist for B
    await configureOnly('stripe');
    const foreign = await post('/subscription', b.adminToken, { ...checkout, invoiceId: idA });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error).toBe('ERR_NO_INVOICE_FOUND');
  });

  it('answers the current plan and recurrence, even when expired', async () => {
    const a = await pricedTenant(dueDay(-1), 59);
    const res = await get('/financeiro/plano-atual', a.userToken);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ plano: { amount: 59 }, recurrence: 'MENSAL' });
  });
});

describe('an expired company (402 matrix)', () => {
  let expired: Tenant;
  beforeAll(async () => {
    expired = await pricedTenant(dueDay(-1));
  });
  it.each([
    ['GET', '/tickets?pageNumber=1'],
    ['GET', '/contacts'],
    ['GET', '/users'],
    ['GET', '/queue'],
    ['GET', '/whatsapp'],
    ['GET', '/quick-messages'],
    ['GET', '/dashboard'],
    ['POST', '/contacts'],
  ])('%s %s answers 402', async (method, url) => {
    const res = await t.app.inject({
      method: method as 'GET',
      url,
      headers: bearer(expired.adminToken),
      payload: method === 'POST' ? {} : undefined,
    });
    expect(res.statusCode, res.body).toBe(402);
    expect(res.json().error).toBe('ERR_SUBSCRIPTION_EXPIRED');
  });
  it.each([['/auth/me'], ['/invoices/all'], ['/financeiro/plano-atual']])(
    'GET %s (session and finance) still answers',
    async (url) => {
      const res = await get(url, expired.userToken);
      expect(res.statusCode, res.body).toBe(200);
    },
  );
  it('company 1 never expires', async () => {
    await t.database.db
      .update(companies)
      .set({ dueDate: dueDay(-1) })
      .where(eq(companies.id, 1));
    expect((await get('/tickets?pageNumber=1', superToken)).statusCode).toBe(200);
    await t.database.db.update(companies).set({ dueDate: null }).where(eq(companies.id, 1));
  });
});

describe('POST /subscription', () => {
  it('requires the full name and the tax id, with the seed messages', async () => {
    const a = await pricedTenant(dueDay(-1));
    const res = await post('/subscription', a.adminToken, { invoiceId: 1 });
    expect(res.statusCode).toBe(400);
    const fields = Object.fromEntries(res.json().fields.map((f: { path: string; message: string }) => [f.path, f.message]));
    expect(fields).toMatchObject({ firstName: 'validation.fullNameRequired', zipcode: 'validation.taxIdRequired' });
  });
  it('refuses when no provider is configured', async () => {
    await configureOnly(null);
    const a = await pricedTenant(dueDay(-1));
    const [inv] = (await get('/invoices/all', a.adminToken)).json().invoices;
    const res = await post('/subscription', a.adminToken, { ...checkout, invoiceId: inv.id });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('ERR_PAYMENT_NOT_CONFIGURED');
  });
});

/** A forged notification for `provider`, signed with the wrong secret. */
function forged(provider: PaymentProviderName, externalId: string) {
  switch (provider) {
    case 'stripe':
      return {
        url: '/subscription/webhook/stripe',
        headers: { 'stripe-signature': `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}` },
        payload: {
          id: 'evt_forged',
          type: 'checkout.session.completed',
          data: { object: { id: externalId, payment_status: 'paid', status: 'complete' } },
        },
      };
    case 'mercadopago':
      return {
        url: `/subscription/webhook/mercadopago?data.id=${externalId}&type=payment`,
        headers: { 'x-signature': `ts=1,v1=${'0'.repeat(64)}`, 'x-request-id': 'forged' },
        payload: { type: 'payment', data: { id: externalId } },
      };
    case 'asaas':
      return {
        url: '/subscription/webhook/asaas',
        headers: { 'asaas-access-token': 'not-the-token' },
        payload: { id: 'evt_forged', event: 'PAYMENT_RECEIVED', payment: { id: externalId, status: 'RECEIVED' } },
      };
    case 'efi':
      return {
        url: '/subscription/webhook/efi/pix?hmac=wrong',
        headers: {},
        payload: { pix: [{ txid: externalId, endToEndId: 'E1' }] },
      };
  }
}

describe.each<PaymentProviderName>(['efi', 'mercadopago', 'stripe', 'asaas'])('provider %s', (provider) => {
  let a: Tenant;
  let invoiceId: number;
  let due: Date;

  beforeEach(async () => {
    await configureOnly(provider);
    due = dueDay(-2);
    a = await pricedTenant(due, 99.9);
    [{ id: invoiceId }] = (await get('/invoices/all', a.adminToken)).json().invoices;
  });

  async function subscribe(extra: object = {}) {
    const res = await post('/subscription', a.adminToken, { ...checkout, invoiceId, ...extra });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }
  const paymentEvents = () =>
    (t.realtime.events as { companyId: number; event: string }[]).filter(
      (e) => e.companyId === a.companyId && e.event === 'payment',
    );

  it('creates a charge the way the provider shows it', async () => {
    const body = await subscribe();
    expect(body).toMatchObject({ provider, valorext: 99.9 });
    if (provider === 'efi') {
      expect(body.qrcode.qrcode).toMatch(/^000201.*6304[0-9A-F]{4}$/);
      expect(body.qrcode.imagemQrcode).toMatch(/^data:image\/png;base64,/);
    } else {
      const url = body[{ stripe: 'stripeURL', mercadopago: 'mercadopagoURL', asaas: 'asaasURL' }[provider]];
      expect(url).toContain(standin.url);
    }
    const charge = standin.find({ invoiceId });
    expect(charge).toMatchObject({ provider, amount: 99.9, status: 'pending' });
  });

  it('charges the custom plan never below the plan it copies, whatever the browser says (issue 30 item 4)', async () => {
    // the company's plan: R$ 99,90 for 10 users and 10 connections, with every feature — the custom plan keeps them;
    // the seed's 49 + 2 × 11 + 20 = R$ 91 was charged before
    const body = await subscribe({ users: 5, connections: 4, price: 1 });
    expect(body.valorext).toBe(99.9);
    expect(standin.find({ invoiceId })).toMatchObject({ provider, amount: 99.9 });
  });

  it('a paid custom plan becomes the company’s own plan: its users and connections, the rest of the plan it had', async () => {
    const before = await planOf(a.companyId);
    await subscribe({ users: 12, connections: 5 });
    expect(await planOf(a.companyId)).toMatchObject({ id: before!.id });
    await standin.pay({ invoiceId });
    const after = await planOf(a.companyId);
    expect(after).toMatchObject({
      name: `Personalizado #${a.companyId}`,
      users: 12,
      connections: 5,
      amount: 49 + 9 * 11 + 2 * 20,
      isPublic: false,
      queues: before!.queues,
      useCampaigns: before!.useCampaigns,
    });
    expect(after!.id).not.toBe(before!.id);
    // the plan it had is untouched (other companies may be on it)
    const [old] = await t.database.db.select().from(plans).where(eq(plans.id, before!.id));
    expect(old).toMatchObject({ users: before!.users, connections: before!.connections, amount: before!.amount });
    // the next invoice is issued at the custom plan's price and limits
    const current = await get('/financeiro/plano-atual', a.adminToken);
    expect(current.json().plano).toMatchObject({ users: 12, connections: 5 });
  });

  it.runIf(provider === 'mercadopago')(
    'refuses a well-signed notification whose signed timestamp is stale, takes it signed now (issue 30 item 11)',
    async () => {
      await subscribe();
      const charge = standin.find({ invoiceId })!;
      charge.paymentId = 910_000 + invoiceId;
      charge.status = 'paid';
      const dataId = String(charge.paymentId);
      const notify = (ts: string) =>
        t.app.inject({
          method: 'POST',
          url: `/subscription/webhook/mercadopago?data.id=${dataId}&type=payment`,
          headers: {
            'content-type': 'application/json',
            'x-signature': mercadoPagoSignature(dataId, 'req-1', SECRETS.MERCADOPAGO_WEBHOOK_SECRET, ts),
            'x-request-id': 'req-1',
          },
          payload: { type: 'payment', data: { id: dataId } },
        });
      const stale = await notify(String(Date.now() - 10 * 60_000));
      expect(stale.statusCode, stale.body).toBe(401);
      expect((await invoicesOf(a.companyId))[0]!.status).toBe('open');
      const fresh = await notify(String(Date.now()));
      expect(fresh.statusCode, fresh.body).toBe(200);
      expect((await invoicesOf(a.companyId))[0]!.status).toBe('paid');
    },
  );

  it('refuses a notification with a bad signature and changes nothing', async () => {
    await subscribe();
    const charge = standin.find({ invoiceId })!;
    if (provider === 'mercadopago') charge.paymentId = 900_000 + invoiceId; // a real payment id, its signature forged
    charge.status = 'paid'; // even if the provider would say paid, a forged notification is not read
    const f = forged(provider, provider === 'mercadopago' ? String(charge.paymentId) : charge.id);
    const res = await t.app.inject({
      method: 'POST',
      url: f.url,
      headers: { 'content-type': 'application/json', ...f.headers },
      payload: f.payload,
    });
    expect(res.statusCode, res.body).toBe(401);
    expect(res.json().error).toBe('ERR_INVALID_WEBHOOK_SIGNATURE');
    expect((await invoicesOf(a.companyId))[0]!.status).toBe('open');
    expect((await companyDueDate(a.companyId))!.toISOString()).toBe(due.toISOString());
    expect((await get('/tickets?pageNumber=1', a.adminToken)).statusCode).toBe(402);
  });

  it('pays once when the notification arrives twice: invoice paid, due date + 1 month from today, unlocked at once', async () => {
    await subscribe();
    const before = Date.now();
    const c = await standin.pay({ invoiceId }, 'twice');
    expect(c.deliveries).toEqual([200, 200]);
    const [inv] = await invoicesOf(a.companyId);
    expect(inv).toMatchObject({ status: 'paid' });
    const newDue = (await companyDueDate(a.companyId))!;
    // from today (the due date had passed), one month — not two; a calendar day (UTC midnight)
    expect(newDue.toISOString()).toBe(addMonthsClamped(storedDay(dayIn(new Date(before), 'America/Sao_Paulo')), 1).toISOString());
    expect(paymentEvents()).toHaveLength(1);
    expect(paymentEvents()[0]).toMatchObject({
      payload: { action: 'CONCLUIDA', company: { id: a.companyId, dueDate: newDue.toISOString() } },
    });
    expect((await get('/tickets?pageNumber=1', a.adminToken)).statusCode).toBe(200);
    // another process on the same database sees it too (nothing caches the due date)
    const other = await createTestApp({ shareWith: t });
    expect(
      (await other.app.inject({ method: 'GET', url: '/tickets?pageNumber=1', headers: bearer(a.adminToken) })).statusCode,
    ).toBe(200);
    await other.app.close();
    const again = await post('/subscription', a.adminToken, { ...checkout, invoiceId });
    expect(again.json().error).toBe('ERR_INVOICE_ALREADY_PAID');
  });

  it('a payment of another amount than the charge settles nothing, by notification or by reconciliation (issue 30 item 11)', async () => {
    await subscribe();
    // the payer paid R$ 9,99 of the R$ 99,90 charged (a PIX of another value, a changed checkout)
    standin.find({ invoiceId })!.amount = 9.99;
    await standin.pay({ invoiceId });
    expect((await invoicesOf(a.companyId))[0]!.status).toBe('open');
    await billing().reconcile(0);
    expect((await invoicesOf(a.companyId))[0]!.status).toBe('open');
    expect((await companyDueDate(a.companyId))!.toISOString()).toBe(due.toISOString());
    expect((await get('/tickets?pageNumber=1', a.adminToken)).statusCode).toBe(402);
    expect(paymentEvents()).toHaveLength(0);
  });

  it('recovers a lost notification by reconciliation', async () => {
    await subscribe();
    await standin.pay({ invoiceId }, 'drop');
    expect((await invoicesOf(a.companyId))[0]!.status).toBe('open');
    expect((await get('/tickets?pageNumber=1', a.adminToken)).statusCode).toBe(402);
    expect(await billing().reconcile(0)).toBeGreaterThanOrEqual(1);
    expect((await invoicesOf(a.companyId))[0]!.status).toBe('paid');
    expect((await get('/tickets?pageNumber=1', a.adminToken)).statusCode).toBe(200);
    // the webhook arriving late changes nothing more
    const dueAfter = (await companyDueDate(a.companyId))!.toISOString();
    expect(await standin.notify({ invoiceId })).toBe(200);
    expect((await companyDueDate(a.companyId))!.toISOString()).toBe(dueAfter);
    expect(paymentEvents()).toHaveLength(1);
  });

  it('a refused payment leaves the invoice open', async () => {
    await subscribe();
    await standin.refuse({ invoiceId });
    expect((await invoicesOf(a.companyId))[0]!.status).toBe('open');
    const [charge] = await t.database.db.select().from(paymentCharges).where(eq(paymentCharges.invoiceId, invoiceId));
    expect(charge!.status).toBe('refused');
  });
});

describe('renewal from a due date still ahead', () => {
  it('adds the recurrence to the current due date, not to today (ANUAL: +12 months)', async () => {
    await configureOnly('stripe');
    const due = dueDay(5);
    const a = await pricedTenant(due);
    await t.database.db.update(companies).set({ recurrence: 'ANUAL' }).where(eq(companies.id, a.companyId));
    const [{ id: invoiceId }] = (await get('/invoices/all', a.adminToken)).json().invoices;
    expect((await post('/subscription', a.adminToken, { ...checkout, invoiceId })).statusCode).toBe(201);
    await standin.pay({ invoiceId });
    expect((await companyDueDate(a.companyId))!.toISOString()).toBe(addMonthsClamped(due, 12).toISOString());
  });
});
