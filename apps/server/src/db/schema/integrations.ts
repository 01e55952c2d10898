import { index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { companies } from './tenancy';

/** A file of a file list (seed 001 §3 "File list": options[] with name, path, mediaType). */
export interface FileListOption {
  id: number;
  name: string;
  mediaType: string;
  path: string | null;
}

/** Queue integrations (seed 001 §3): Typebot, n8n, webhook or Dialogflow, pointed at by queues, connections and chatbot steps. */
export const queueIntegrations = pgTable(
  'queue_integrations',
  {
    id: serial().primaryKey(),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    type: text().notNull(),
    name: text().notNull(),
    projectName: text().notNull().default(''),
    jsonContent: text().notNull().default(''),
    language: text().notNull().default('pt-BR'),
    urlN8N: text().notNull().default(''),
    typebotSlug: text().notNull().default(''),
    typebotExpires: integer().notNull().default(1),
    typebotKeywordFinish: text().notNull().default(''),
    typebotKeywordRestart: text().notNull().default(''),
    typebotUnknownMessage: text().notNull().default(''),
    typebotDelayMessage: integer().notNull().default(1000),
    typebotRestartMessage: text().notNull().default(''),
    /** HMAC key of the n8n / webhook calls (X-Atendo-Signature). */
    secret: text().notNull().default(''),
    ...timestamps,
  },
  (t) => [index('queue_integrations_company_name_idx').on(t.companyId, t.name)],
);

/** File lists (seed 001 §3): a message and files, sent by a queue or a chatbot step of type file. */
export const fileLists = pgTable(
  'file_lists',
  {
    id: serial().primaryKey(),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    message: text().notNull().default(''),
    options: jsonb().$type<FileListOption[]>().notNull().default([]),
    ...timestamps,
  },
  (t) => [index('file_lists_company_name_idx').on(t.companyId, t.name)],
);

/**
 * A ticket's conversation with its integration: the provider's session (Typebot sessionId, Dialogflow session),
 * when it was last used (Typebot expiry) and the last customer message answered (a job that runs twice answers once).
 */
export const integrationSessions = pgTable(
  'integration_sessions',
  {
    ticketId: integer().primaryKey(),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    integrationId: integer().notNull(),
    sessionId: text().notNull().default(''),
    lastMessageId: integer().notNull().default(0),
    ...timestamps,
  },
  (t) => [index('integration_sessions_company_idx').on(t.companyId, t.integrationId)],
);
