import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { companies, users } from './tenancy';

/**
 * Administrative actions (issue 34 item 3): who, when, from which address, what changed (secrets masked). The actor's
 * name is kept as it was, so the entry stays readable after the user is deleted.
 */
export const auditLogs = pgTable(
  'audit_logs',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    userName: text().notNull(),
    action: text().notNull(),
    entity: text().notNull(),
    entityId: text(),
    ip: text(),
    before: jsonb().$type<Record<string, unknown>>(),
    after: jsonb().$type<Record<string, unknown>>(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_logs_company_created_idx').on(t.companyId, t.createdAt), index('audit_logs_created_idx').on(t.createdAt)],
);
