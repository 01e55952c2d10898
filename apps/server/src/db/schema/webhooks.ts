import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { companies } from './tenancy';

/** A company's outgoing webhook endpoint (issue 32): the events it hears, its signing secret, paused or not. */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: serial().primaryKey(),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    url: text().notNull(),
    events: jsonb().$type<string[]>().notNull().default([]),
    secret: text().notNull(),
    active: boolean().notNull().default(true),
    /** Why it is paused: `admin` (by hand) or `failures` (too many failed attempts in a row). */
    pausedReason: text(),
    consecutiveFailures: integer().notNull().default(0),
    ...timestamps,
  },
  (t) => [index('webhook_endpoints_company_idx').on(t.companyId, t.id)],
);

/**
 * One event for one endpoint: the envelope exactly as sent (its event id stays the same on every attempt, so a receiver
 * de-duplicates by it), the last attempt's outcome; kept 30 days.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    endpointId: integer()
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventId: uuid().notNull(),
    eventType: text().notNull(),
    body: text().notNull(),
    /** pending (waiting for an attempt), delivered, failed (gave up or the endpoint paused). */
    status: text().notNull().default('pending'),
    attempts: integer().notNull().default(0),
    responseStatus: integer(),
    durationMs: integer(),
    error: text(),
    lastAttemptAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('webhook_deliveries_event_uq').on(t.endpointId, t.eventId),
    index('webhook_deliveries_company_idx').on(t.companyId, t.endpointId, t.id),
    index('webhook_deliveries_created_idx').on(t.createdAt),
  ],
);
