import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { companies, users } from './tenancy';

/**
 * A contact spreadsheet import (seed 000 §5): the uploaded file, its mapping and its summary. The file stays in
 * media storage (`<companyId>/file/…`) until the import ends; progress reaches the user through `contactImport`.
 */
export const contactImports = pgTable(
  'contact_imports',
  {
    id: serial().primaryKey(),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    fileName: text().notNull(),
    /** Stored media path of the upload; null once removed. */
    filePath: text(),
    /** uploaded | queued | running | done | failed */
    status: text().notNull().default('uploaded'),
    total: integer().notNull().default(0),
    processed: integer().notNull().default(0),
    created: integer().notNull().default(0),
    updated: integer().notNull().default(0),
    ignored: integer().notNull().default(0),
    failed: integer().notNull().default(0),
    errors: jsonb().$type<{ row: number; field: string; message: string }[]>().notNull().default([]),
    finishedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('contact_imports_company_idx').on(t.companyId, t.createdAt)],
);
