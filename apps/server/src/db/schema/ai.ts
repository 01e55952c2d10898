import { boolean, index, integer, jsonb, pgTable, real, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { tickets } from './messaging';
import { companies, queues } from './tenancy';

/**
 * AI prompts (seed 001 §3 Prompt): an assistant bound to a sector (queue). A queue or connection whose promptId
 * points here has its tickets answered by the model (docs/automation.md "AI prompts"). apiKey is never read back in full.
 */
export const prompts = pgTable(
  'prompts',
  {
    id: serial().primaryKey(),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    prompt: text().notNull(),
    queueId: integer().references(() => queues.id, { onDelete: 'set null' }),
    apiKey: text().notNull(),
    model: text().notNull().default(''),
    maxTokens: integer().notNull().default(100),
    temperature: real().notNull().default(1),
    maxMessages: integer().notNull().default(20),
    voice: text().notNull().default('texto'),
    voiceKey: text().notNull().default(''),
    voiceRegion: text().notNull().default(''),
    useExternalApi: boolean().notNull().default(false),
    apiUrl: text().notNull().default(''),
    apiJsonData: jsonb(),
    ...timestamps,
  },
  (t) => [index('prompts_company_name_idx').on(t.companyId, t.name)],
);

/** One model turn of a ticket: tokens used (usage.total_tokens) and how it ended — per company, for cost and for the admin. */
export const aiUsage = pgTable(
  'ai_usage',
  {
    id: serial().primaryKey(),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    promptId: integer().references(() => prompts.id, { onDelete: 'set null' }),
    ticketId: integer().references(() => tickets.id, { onDelete: 'set null' }),
    /** The customer message this turn answered (a job that runs twice finds it and does nothing). */
    messageId: integer(),
    outcome: text().notNull(),
    reason: text(),
    promptTokens: integer().notNull().default(0),
    completionTokens: integer().notNull().default(0),
    totalTokens: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ai_usage_company_idx').on(t.companyId, t.createdAt),
    uniqueIndex('ai_usage_ticket_message_unique').on(t.ticketId, t.messageId),
  ],
);
