import { sql } from 'drizzle-orm';
import { index, integer, jsonb, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { companies } from './tenancy';

/**
 * A company's invoice for one subscription period (seed 001 §3 "Invoice"). `period` is the due day the invoice
 * covers (YYYY-MM-DD): UNIQUE (company_id, period) is what keeps two issuing workers from billing a period twice.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: serial().primaryKey(),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    period: text().notNull(),
    detail: text().notNull().default(''),
    users: integer().notNull().default(0),
    connections: integer().notNull().default(0),
    queues: integer().notNull().default(0),
    value: numeric({ precision: 12, scale: 2, mode: 'number' }).notNull().default(0),
    dueDate: timestamp({ withTimezone: true }).notNull(),
    /** open | paid (Vencido is computed: open and due before today). */
    status: text().notNull().default('open'),
    paidAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('invoices_company_period_uq').on(t.companyId, t.period),
    index('invoices_company_due_idx').on(t.companyId, t.dueDate),
  ],
);

/**
 * One attempt to pay an invoice through a provider. `reference` is ours (sent to the provider as its external
 * reference); `external_id` is the provider's (Efí txid, Stripe session, Mercado Pago preference, Asaas payment).
 * A charge goes pending → paid once: the compare-and-set on `status` is what makes a repeated notification and a
 * reconciliation racing a webhook extend the subscription only once.
 */
export const paymentCharges = pgTable(
  'payment_charges',
  {
    id: serial().primaryKey(),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    invoiceId: integer()
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    provider: text().notNull(),
    reference: text().notNull(),
    externalId: text(),
    /** pending | paid | refused */
    status: text().notNull().default('pending'),
    amount: numeric({ precision: 12, scale: 2, mode: 'number' }).notNull(),
    users: integer().notNull().default(0),
    connections: integer().notNull().default(0),
    detail: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    paidAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('payment_charges_reference_uq').on(t.reference),
    uniqueIndex('payment_charges_provider_external_uq').on(t.provider, t.externalId),
    index('payment_charges_company_invoice_idx').on(t.companyId, t.invoiceId),
    index('payment_charges_pending_idx').on(t.createdAt).where(sql`status = 'pending'`),
  ],
);

/** Every verified provider notification, once: UNIQUE (provider, event_id) drops a redelivered one before it acts. */
export const paymentNotifications = pgTable(
  'payment_notifications',
  {
    id: serial().primaryKey(),
    provider: text().notNull(),
    eventId: text().notNull(),
    chargeId: integer().references(() => paymentCharges.id, { onDelete: 'set null' }),
    receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_notifications_provider_event_uq').on(t.provider, t.eventId)],
);
