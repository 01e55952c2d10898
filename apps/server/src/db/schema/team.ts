import { index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tickets } from './messaging';
import { companies, users } from './tenancy';

/** Internal chats between a company's users (seed 002 §2.10, §3 "Chat"): a title, an owner, members. */
export const chats = pgTable(
  'chats',
  {
    id: serial().primaryKey(),
    uuid: uuid().notNull().defaultRandom(),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    ownerId: integer().references(() => users.id, { onDelete: 'set null' }),
    lastMessage: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('chats_uuid_unique').on(t.uuid), index('chats_company_updated_idx').on(t.companyId, t.updatedAt)],
);

/** A chat's members, each with their count of unread messages. */
export const chatUsers = pgTable(
  'chat_users',
  {
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    chatId: integer()
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    unreads: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.chatId, t.userId] }), index('chat_users_company_user_idx').on(t.companyId, t.userId)],
);

/** A chat's messages (seed 002 §3 "Chat message"). */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: serial().primaryKey(),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    chatId: integer()
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    senderId: integer().references(() => users.id, { onDelete: 'set null' }),
    message: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('chat_messages_chat_idx').on(t.companyId, t.chatId, t.id)],
);

/** A ticket's private files (seed 000 §2 "private-files dialog"): only the team sees them; never sent to the contact. */
export const ticketFiles = pgTable(
  'ticket_files',
  {
    id: serial().primaryKey(),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    ticketId: integer()
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    path: text().notNull(),
    name: text().notNull(),
    mimeType: text().notNull(),
    size: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ticket_files_company_ticket_idx').on(t.companyId, t.ticketId, t.id)],
);
