import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { companies, users } from './tenancy';

/**
 * Password recovery by WhatsApp code (issue 18 item 6, docs/decisions.md): the code is kept only as an HMAC, lives
 * 10 minutes and allows 3 attempts; a right code yields a reset token (also kept hashed) that changes the password once.
 */
export const passwordRecoveries = pgTable(
  'password_recoveries',
  {
    id: serial().primaryKey(),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The digits the code was sent to: a verify names the number, never the user. */
    number: text().notNull(),
    codeHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    attempts: integer().notNull().default(0),
    resetTokenHash: text().unique(),
    resetExpiresAt: timestamp({ withTimezone: true }),
    consumedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('password_recoveries_number_idx').on(t.number), index('password_recoveries_user_idx').on(t.companyId, t.userId)],
);

/** Platform announcements (seed 002 §3 "Announcement"): written by the super admin (company 1), read by every company. */
export const announcements = pgTable(
  'announcements',
  {
    id: serial().primaryKey(),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    text: text().notNull(),
    priority: integer().notNull().default(3),
    status: boolean().notNull().default(true),
    mediaPath: text(),
    mediaName: text(),
    /** A notice for one company's admins only (a webhook endpoint paused after failures); null = every company. */
    audienceCompanyId: integer().references(() => companies.id, { onDelete: 'cascade' }),
    /** A system notice's text key and values: each reader's app writes it in their language (title/text: Portuguese). */
    noticeKey: text(),
    noticeParams: jsonb().$type<Record<string, string | number>>(),
    ...timestamps,
  },
  (t) => [index('announcements_company_idx').on(t.companyId, t.id)],
);
