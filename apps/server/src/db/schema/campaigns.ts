import type { CampaignTemplate } from '@atendo/shared';
import { bigint, boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { tags } from './attendance';
import { timestamps } from './columns';
import { contacts, messages, tickets, whatsapps } from './messaging';
import { companies, queues, users } from './tenancy';

/** A contact list of a company (seed 002 §2.5, §3): the recipients of campaigns. */
export const contactLists = pgTable(
  'contact_lists',
  {
    id: serial().primaryKey(),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    /** The last spreadsheet import: idle | queued | running | done | failed, with its summary. */
    importStatus: text().notNull().default('idle'),
    importSummary: jsonb().$type<Record<string, unknown>>(),
    ...timestamps,
  },
  (t) => [index('contact_lists_company_idx').on(t.companyId, t.name)],
);

/** One recipient of a list; a number is in a list once. */
export const contactListItems = pgTable(
  'contact_list_items',
  {
    id: serial().primaryKey(),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    contactListId: integer()
      .notNull()
      .references(() => contactLists.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    number: text().notNull(),
    email: text().notNull().default(''),
    /** null: not checked (a Cloud API connection cannot tell); true/false from the channel. */
    isWhatsappValid: boolean(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('contact_list_items_list_number_unique').on(t.contactListId, t.number),
    index('contact_list_items_company_list_idx').on(t.companyId, t.contactListId, t.name),
  ],
);

/** Sending rules of a company (seed 002 §2.4, §9); one row per company, created with the defaults on first read. */
export const campaignSettings = pgTable('campaign_settings', {
  companyId: integer()
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  messageInterval: integer().notNull().default(20),
  longerIntervalAfter: integer().notNull().default(20),
  greaterInterval: integer().notNull().default(60),
  variables: jsonb().$type<{ key: string; value: string }[]>().notNull().default([]),
  sabado: boolean().notNull().default(false),
  domingo: boolean().notNull().default(false),
  startHour: text().notNull().default('09:00'),
  endHour: text().notNull().default('18:00'),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** A campaign (seed 002 §3): five variants, the audience, what a reply opens, and a real recurrence. */
export const campaigns = pgTable(
  'campaigns',
  {
    id: serial().primaryKey(),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    message1: text().notNull().default(''),
    message2: text().notNull().default(''),
    message3: text().notNull().default(''),
    message4: text().notNull().default(''),
    message5: text().notNull().default(''),
    confirmationMessage1: text().notNull().default(''),
    confirmationMessage2: text().notNull().default(''),
    confirmationMessage3: text().notNull().default(''),
    confirmationMessage4: text().notNull().default(''),
    confirmationMessage5: text().notNull().default(''),
    /** INATIVA | PROGRAMADA | EM_ANDAMENTO | CANCELADA | FINALIZADA */
    status: text().notNull().default('INATIVA'),
    confirmation: boolean().notNull().default(false),
    scheduledAt: timestamp({ withTimezone: true }),
    completedAt: timestamp({ withTimezone: true }),
    contactListId: integer().references(() => contactLists.id, { onDelete: 'set null' }),
    tagListId: integer().references(() => tags.id, { onDelete: 'set null' }),
    whatsappId: integer().references(() => whatsapps.id, { onDelete: 'set null' }),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    queueId: integer().references(() => queues.id, { onDelete: 'set null' }),
    /** closed | pending | open: the state of the ticket a campaign message leaves. */
    statusTicket: text().notNull().default('closed'),
    /** enabled | disabled */
    openTicket: text().notNull().default('disabled'),
    mediaPath: text(),
    mediaName: text(),
    isRecurrent: boolean().notNull().default(false),
    recurrenceInterval: integer().notNull().default(30),
    /** 0: indefinitely. */
    recurrenceCount: integer().notNull().default(0),
    recurrenceEndDate: timestamp({ withTimezone: true }),
    recurrenceExecuted: integer().notNull().default(0),
    /** Per variant (index 0 = variant 1): the Cloud API template it sends instead of its text, or null (issue 36). */
    templates: jsonb().$type<(CampaignTemplate | null)[]>().notNull().default([]),
    /** Who created it: the campaign acts as this user when no user is chosen. */
    createdById: integer().references(() => users.id, { onDelete: 'set null' }),
    /** The current run (1 for the first send; a recurrence or a new schedule starts the next). */
    run: integer().notNull().default(1),
    /** Sends of the current run so far: the longer interval comes after every N of them. */
    runSent: integer().notNull().default(0),
    /** The dispatcher's next step is not before this time (the interval rules). */
    nextSendAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('campaigns_company_idx').on(t.companyId, t.id), index('campaigns_status_next_idx').on(t.status, t.nextSendAt)],
);

/**
 * One recipient of one run of a campaign. The unique (campaign, run, number) key makes the expansion idempotent and
 * a contact in both the list and the tag one record; sends claim a record by compare-and-set (pending → claimed).
 * status: pending → claimed → sent → delivered → read, or failed (with the reason); with confirmation on,
 * pending → claimed → confirmation → (reply) pending → claimed → sent…
 */
export const campaignShippings = pgTable(
  'campaign_shippings',
  {
    id: serial().primaryKey(),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    campaignId: integer()
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    run: integer().notNull(),
    number: text().notNull(),
    name: text().notNull().default(''),
    email: text().notNull().default(''),
    contactListItemId: integer(),
    contactId: integer().references(() => contacts.id, { onDelete: 'set null' }),
    status: text().notNull().default('pending'),
    /** Which of the five variants this recipient gets (1–5), and the text it sends (variables filled at claim). */
    variant: integer().notNull().default(1),
    body: text(),
    /** The claim of the process sending it now; a stale claim is recovered after the lease. */
    claimToken: text(),
    claimedAt: timestamp({ withTimezone: true }),
    confirmationRequestedAt: timestamp({ withTimezone: true }),
    confirmationMessageId: bigint({ mode: 'number' }),
    confirmedAt: timestamp({ withTimezone: true }),
    /** The campaign message as stored in the conversation: its acks make the record delivered / read / failed. */
    messageId: bigint({ mode: 'number' }).references(() => messages.id, { onDelete: 'set null' }),
    ticketId: integer().references(() => tickets.id, { onDelete: 'set null' }),
    sentAt: timestamp({ withTimezone: true }),
    deliveredAt: timestamp({ withTimezone: true }),
    readAt: timestamp({ withTimezone: true }),
    repliedAt: timestamp({ withTimezone: true }),
    failedReason: text(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('campaign_shippings_run_number_unique').on(t.campaignId, t.run, t.number),
    index('campaign_shippings_company_campaign_idx').on(t.companyId, t.campaignId, t.status),
    // the dispatcher's next record: the oldest pending one of the run
    index('campaign_shippings_next_idx').on(t.campaignId, t.run, t.status, t.id),
    index('campaign_shippings_message_idx').on(t.messageId),
    // a customer's message asks for the contact's records: a confirmation it answers, a reply it counts
    index('campaign_shippings_contact_idx').on(t.companyId, t.contactId),
  ],
);
