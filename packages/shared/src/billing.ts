import { z } from 'zod';
import { RECURRENCES, type Recurrence } from './constants';
import { PlanDto } from './plans';
import { calendarDay, dayIn, storedDay } from './time';
import { idParam, V } from './validation';

/** Custom plan of the checkout (seed 001 §9): at least 3 users and 3 connections; 49 + 11 per extra user + 20 per extra connection. */
export const CUSTOM_PLAN = { minUsers: 3, minConnections: 3, basePrice: 49, perUser: 11, perConnection: 20 } as const;

/** The plan a custom plan copies (the company's current one): its price and the counts that price buys. */
export interface CopiedPlan {
  amount: number | null;
  users: number;
  connections: number;
}

/**
 * The monthly BRL price of a custom plan; counters below the minimum count as the minimum. The seed's price (49 + 11
 * per user above 3 + 20 per connection above 3), but never below what it copies (issue 30 item 4): the custom plan
 * keeps the company's plan's features and queues, so it costs that plan's price plus 11 per user and 20 per
 * connection above the plan's own counts — a R$ 100 plan bought as 3 users and 3 connections costs R$ 100, not 49.
 * The server charges this; the checkout shows the same figure before paying.
 */
export function customPlanPrice(users: number, connections: number, copies?: CopiedPlan | null): number {
  const u = Math.max(CUSTOM_PLAN.minUsers, Math.floor(users));
  const c = Math.max(CUSTOM_PLAN.minConnections, Math.floor(connections));
  const seed =
    CUSTOM_PLAN.basePrice +
    (u - CUSTOM_PLAN.minUsers) * CUSTOM_PLAN.perUser +
    (c - CUSTOM_PLAN.minConnections) * CUSTOM_PLAN.perConnection;
  if (!copies || !Number.isFinite(copies.users) || !Number.isFinite(copies.connections)) return seed;
  const copied =
    Number(copies.amount ?? 0) +
    Math.max(0, u - copies.users) * CUSTOM_PLAN.perUser +
    Math.max(0, c - copies.connections) * CUSTOM_PLAN.perConnection;
  return Math.round(Math.max(seed, copied) * 100) / 100;
}

const brl = new Map<string, Intl.NumberFormat>();
/**
 * Every amount in BRL (plans, invoices, the checkout, the companies table — seed 001 §9) in the reader's locale (a BCP 47
 * tag, default pt-BR): "R$ 1.234,50" in Portuguese, "R$1,234.50" in English. The one money formatter of the product.
 */
export function formatBRL(value: number, locale = 'pt-BR'): string {
  let f = brl.get(locale);
  if (!f) {
    f = new Intl.NumberFormat(locale, { style: 'currency', currency: 'BRL' });
    brl.set(locale, f);
  }
  return f.format(value);
}

/**
 * `months` calendar months after `from`, kept on the same day and time of day (UTC) and clamped to the last day of a
 * shorter month: 31 Jan + 1 month is 28 (29) Feb, never 3 Mar.
 */
export function addMonthsClamped(from: Date, months: number): Date {
  const y = from.getUTCFullYear();
  const m = from.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return new Date(
    Date.UTC(
      y,
      m,
      Math.min(from.getUTCDate(), lastDay),
      from.getUTCHours(),
      from.getUTCMinutes(),
      from.getUTCSeconds(),
      from.getUTCMilliseconds(),
    ),
  );
}

/**
 * The due date after a payment: the recurrence's months from the later of today (on the company's clock) and the
 * current due day — a calendar day, stored as UTC midnight (issue 30 item 2).
 */
export function renewedDueDate(
  current: Date | null,
  recurrence: string,
  now: Date = new Date(),
  timeZone: string | null | undefined = undefined,
): Date {
  const months = RECURRENCES[recurrence as Recurrence] ?? RECURRENCES.MENSAL;
  const today = dayIn(now, timeZone);
  const due = calendarDay(current);
  return addMonthsClamped(storedDay(due !== null && due > today ? due : today), months);
}

export const INVOICE_STATUSES = ['open', 'paid'] as const;
/** As the list shows it (seed 001 §4): Pago, Vencido (unpaid and due before today), Em Aberto. */
export type InvoiceDisplayStatus = 'paid' | 'overdue' | 'open';

export function invoiceDisplayStatus(
  invoice: { status: string; dueDate: string | Date },
  now: Date = new Date(),
  timeZone = 'America/Sao_Paulo',
): InvoiceDisplayStatus {
  if (invoice.status === 'paid') return 'paid';
  // the due date is a calendar day (issue 30 item 2); today is the company's
  const due = calendarDay(invoice.dueDate);
  return due !== null && due < dayIn(now, timeZone) ? 'overdue' : 'open';
}

export const InvoiceDto = z.object({
  id: z.number(),
  companyId: z.number(),
  detail: z.string(),
  users: z.number(),
  connections: z.number(),
  queues: z.number(),
  value: z.number(),
  dueDate: z.string(),
  status: z.enum(INVOICE_STATUSES),
  paidAt: z.string().nullable(),
  createdAt: z.string(),
});
export type InvoiceDto = z.infer<typeof InvoiceDto>;

export const InvoiceListQuery = z.object({
  searchParam: z.string().trim().max(100).optional(),
  pageNumber: z.coerce.number({ error: V.invalid }).int(V.invalid).min(1, V.invalid).max(100_000, V.invalid).default(1),
});
export type InvoiceListQuery = z.infer<typeof InvoiceListQuery>;

export const InvoicePageDto = z.object({ invoices: z.array(InvoiceDto), count: z.number(), hasMore: z.boolean() });
export type InvoicePageDto = z.infer<typeof InvoicePageDto>;

/** GET /financeiro/plano-atual (seed 002 §7: response `plano`). */
export const CurrentPlanDto = z.object({
  plano: PlanDto.nullable(),
  dueDate: z.string().nullable(),
  recurrence: z.string(),
});
export type CurrentPlanDto = z.infer<typeof CurrentPlanDto>;

export const PAYMENT_PROVIDERS = ['efi', 'mercadopago', 'stripe', 'asaas'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

const optionalText = (max: number) => z.string().trim().max(max, V.tooLong).optional().default('');
const countField = (min: number) =>
  z.coerce.number({ error: V.invalid }).int(V.invalid).min(min, V.invalid).max(10_000, V.invalid);

/**
 * POST /subscription (seed 001 §3 "Subscription payload"). The full name and the tax id (sent in `zipcode`) are
 * required (seed 001 §5). Card fields are accepted and ignored: every provider takes the card on its own page.
 * `price` is what the browser showed; the server charges what it computes.
 */
export const SubscriptionBody = z.object({
  firstName: z.string({ error: V.fullNameRequired }).trim().min(1, V.fullNameRequired).max(200, V.tooLong),
  lastName: optionalText(200),
  address2: optionalText(200),
  city: optionalText(100),
  state: optionalText(100),
  zipcode: z.string({ error: V.taxIdRequired }).trim().min(1, V.taxIdRequired).max(30, V.tooLong),
  country: optionalText(100),
  useAddressForPaymentDetails: z.boolean().optional(),
  nameOnCard: optionalText(200),
  cardNumber: optionalText(30),
  cvv: optionalText(6),
  plan: z.unknown().optional(),
  price: z.coerce.number().optional(),
  users: countField(CUSTOM_PLAN.minUsers).optional(),
  connections: countField(CUSTOM_PLAN.minConnections).optional(),
  invoiceId: idParam,
});
export type SubscriptionBody = z.input<typeof SubscriptionBody>;

export const SubscriptionDto = z.object({
  provider: z.enum(PAYMENT_PROVIDERS),
  chargeId: z.number(),
  /** Efí PIX: `qrcode` is the copia-e-cola text, `imagemQrcode` the image (data URL) when the provider sends one. */
  qrcode: z.object({ qrcode: z.string(), imagemQrcode: z.string().nullable() }).nullable(),
  stripeURL: z.string().nullable(),
  asaasURL: z.string().nullable(),
  mercadopagoURL: z.string().nullable(),
  /** The amount charged (BRL). */
  valorext: z.number(),
});
export type SubscriptionDto = z.infer<typeof SubscriptionDto>;

/** `company-{id}-payment` (seed 001 §4): CONCLUIDA once a charge is paid, with the new due date. */
export interface PaymentEvent {
  action: 'CONCLUIDA';
  company: { id: number; dueDate: string };
  invoiceId: number;
}
