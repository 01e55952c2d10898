import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { whatsapps } from './messaging';
import { companies } from './tenancy';

/**
 * One row per WhatsApp QR (Baileys) connection that was ever started: the lease that makes exactly one process own
 * its socket (DESIGN.md §3). The owner renews `leaseExpiresAt`; another process takes the connection over once the
 * lease has expired. `command` asks the owner (possibly another process) to restart, show a new QR or log out.
 */
export const baileysSessions = pgTable(
  'baileys_sessions',
  {
    whatsappId: integer()
      .primaryKey()
      .references(() => whatsapps.id, { onDelete: 'cascade' }),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** The process holding the socket (random id per process), null when nobody does. */
    owner: text(),
    leaseExpiresAt: timestamp({ withTimezone: true }),
    /** restart | newqr | logout — for the owner to carry out on its next renewal. */
    command: text(),
    ...timestamps,
  },
  (t) => [index('baileys_sessions_company_idx').on(t.companyId)],
);

/**
 * Baileys auth state per connection, in the database instead of files: `type` 'creds' (key '') holds the
 * credentials; every other type is a signal key store category (pre-key, session, sender-key,
 * app-state-sync-key, lid-mapping …). `value` is JSON written with Baileys' BufferJSON replacer.
 */
export const baileysAuth = pgTable(
  'baileys_auth',
  {
    whatsappId: integer()
      .notNull()
      .references(() => whatsapps.id, { onDelete: 'cascade' }),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    type: text().notNull(),
    key: text().notNull(),
    value: text().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.whatsappId, t.type, t.key] })],
);
