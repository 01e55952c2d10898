import { type AnyPgColumn, boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { companies, queues, users } from './tenancy';

/**
 * Chatbot steps of a queue, nested to any depth: a top-level step has queueId, an inner step has
 * chatbotId (its parent). Deleting a step deletes its inner steps (seed 001 §4 "Queue deletion").
 */
export const chatbots = pgTable(
  'chatbots',
  {
    id: serial().primaryKey(),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    queueId: integer().references(() => queues.id, { onDelete: 'cascade' }),
    chatbotId: integer().references((): AnyPgColumn => chatbots.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    greetingMessage: text().notNull().default(''),
    queueType: text().notNull().default('text'),
    optQueueId: integer().references(() => queues.id, { onDelete: 'set null' }),
    optUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    optIntegrationId: integer(),
    optFileId: integer(),
    closeTicket: boolean().notNull().default(false),
    order: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('chatbots_company_queue_idx').on(t.companyId, t.queueId), index('chatbots_parent_idx').on(t.chatbotId)],
);
