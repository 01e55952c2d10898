import type { TemplateSendBody } from '@atendo/shared';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { contacts, tickets, whatsapps } from './messaging';
import { companies, queues, users } from './tenancy';

/*
 * Also created by migration 0004_ticket_list_indexes (indexes on tables of messaging.ts, which drizzle-kit can only
 * declare in their own file): tickets (company_id, status, updated_at DESC, id DESC) and (company_id, updated_at
 * DESC, id DESC), both INCLUDE the visibility columns; a GIN on to_tsvector('simple', contacts.name).
 * Migration 0003 adds messages.body_tsv (generated tsvector, portuguese) with its GIN index.
 */

/** Tags and kanban lanes (seed 002 §3 "Tag"): `kanban` 1 makes the tag a lane of the board. */
export const tags = pgTable(
  'tags',
  {
    id: serial().primaryKey(),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    color: text().notNull().default('#7C7C7C'),
    kanban: smallint().notNull().default(0),
    /** Order of the lane on the board (0 to 15). */
    position: integer().notNull().default(0),
    /** Hours a ticket stays in this lane before moving to nextLaneId (0 = never). */
    timeLane: integer().notNull().default(0),
    nextLaneId: integer().references((): AnyPgColumn => tags.id, { onDelete: 'set null' }),
    rollbackLaneId: integer().references((): AnyPgColumn => tags.id, { onDelete: 'set null' }),
    greetingMessageLane: text().notNull().default(''),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    // A tag name is one tag whatever its case: sync by name never creates "VIP" beside "vip".
    uniqueIndex('tags_company_name_unique').on(t.companyId, sql`lower(${t.name})`),
    index('tags_company_kanban_idx').on(t.companyId, t.kanban, t.position),
  ],
);

/** Tags on a ticket (kanban lanes and labels shown in the ticket list). */
export const ticketTags = pgTable(
  'ticket_tags',
  {
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    ticketId: integer()
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    tagId: integer()
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.ticketId, t.tagId] }),
    index('ticket_tags_company_tag_idx').on(t.companyId, t.tagId, t.ticketId),
  ],
);

/** Tags on a contact (contact book filters, requiredTag before closing). */
export const contactTags = pgTable(
  'contact_tags',
  {
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    contactId: integer()
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    tagId: integer()
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.contactId, t.tagId] }),
    index('contact_tags_company_tag_idx').on(t.companyId, t.tagId, t.contactId),
  ],
);

/** Ticket notes (seed 000 §3 "Ticket note"): internal, never sent to the contact. */
export const ticketNotes = pgTable(
  'ticket_notes',
  {
    id: serial().primaryKey(),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    ticketId: integer()
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    contactId: integer()
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    note: text().notNull(),
    ...timestamps,
  },
  (t) => [
    index('ticket_notes_ticket_idx').on(t.ticketId, t.createdAt),
    index('ticket_notes_company_contact_idx').on(t.companyId, t.contactId, t.createdAt),
  ],
);

/** Quick messages (seed 002 §3): `geral` shares one with every user of the company; `visao` shows it in the picker. */
export const quickMessages = pgTable(
  'quick_messages',
  {
    id: serial().primaryKey(),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    shortcode: text().notNull(),
    message: text().notNull().default(''),
    geral: boolean().notNull().default(false),
    visao: boolean().notNull().default(true),
    status: text().notNull().default('active'),
    mediaPath: text(),
    mediaName: text(),
    isMedia: boolean().notNull().default(false),
    ...timestamps,
  },
  (t) => [
    index('quick_messages_company_user_idx').on(t.companyId, t.userId, t.shortcode),
    index('quick_messages_company_geral_idx').on(t.companyId, t.geral, t.shortcode),
  ],
);

/** A contact's rating of an attendance (NPS 0 to 10, asked on closing by the automation); one per closing. */
export const userRatings = pgTable(
  'user_ratings',
  {
    id: serial().primaryKey(),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    ticketId: integer()
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    /** The queue the rated attendance was in (the dashboard groups NPS by queue). */
    queueId: integer().references(() => queues.id, { onDelete: 'set null' }),
    rate: smallint().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('user_ratings_ticket_idx').on(t.ticketId, t.createdAt),
    index('user_ratings_company_created_idx').on(t.companyId, t.createdAt),
  ],
);

/**
 * One finished attendance of a ticket (issue 17): from its start (the ticket created, reopened, or received by a
 * closing transfer) to its close, with the lifecycle moments the dashboard's times need. Written by the one close
 * (modules/tickets/tickets.close.ts) from what was recorded meanwhile: the ticket log (create, reopen, open, closed),
 * the attendants' messages and the rating question; migration 0010 backfilled the tickets closed before it.
 */
export const ticketTrackings = pgTable(
  'ticket_trackings',
  {
    id: serial().primaryKey(),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    ticketId: integer()
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    whatsappId: integer().references(() => whatsapps.id, { onDelete: 'set null' }),
    queueId: integer().references(() => queues.id, { onDelete: 'set null' }),
    /** The attendant who held the ticket when it closed. */
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    isGroup: boolean().notNull().default(false),
    /** The business started the conversation (an active ticket). */
    fromMe: boolean().notNull().default(false),
    startedAt: timestamp({ withTimezone: true }).notNull(),
    /** First time an attendant took it (accept, rotation, transfer to a user, created by a user); null: never. */
    acceptedAt: timestamp({ withTimezone: true }),
    /** First message an attendant wrote to the contact (not private, not the bot's); null: never. */
    firstAnswerAt: timestamp({ withTimezone: true }),
    /** When the attendant was done: the rating question, or the close itself. */
    finishedAt: timestamp({ withTimezone: true }).notNull(),
    closedAt: timestamp({ withTimezone: true }).notNull(),
    /** The contact's 0–10 answer in this attendance. */
    rate: smallint(),
  },
  (t) => [
    index('ticket_trackings_company_closed_idx').on(t.companyId, t.closedAt),
    index('ticket_trackings_ticket_idx').on(t.ticketId),
  ],
);

/**
 * A message scheduled for a contact (seed 000 §5 "schedule from a ticket/contact", seed 002 §2.6 calendar): the
 * schedules job sends it at sendAt through the contact's ticket on the connection, then again every interval while
 * sends remain (recurrence units: 1 days, 2 weeks, 3 months, 4 minutes; business days: 4 as is, 5 the business
 * day before, 6 the business day after a weekend date).
 */
export const schedules = pgTable(
  'schedules',
  {
    id: serial().primaryKey(),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    contactId: integer()
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    /** The ticket it was scheduled from, then the one it was last sent through. */
    ticketId: integer().references(() => tickets.id, { onDelete: 'set null' }),
    /** Who scheduled it: the message goes out as theirs. */
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    whatsappId: integer().references(() => whatsapps.id, { onDelete: 'set null' }),
    queueId: integer().references(() => queues.id, { onDelete: 'set null' }),
    body: text().notNull(),
    sendAt: timestamp({ withTimezone: true }).notNull(),
    sentAt: timestamp({ withTimezone: true }),
    /** PENDENTE (waiting), ENVIADA (every send done), ERRO (the last attempt failed; lastError says why). */
    status: text().notNull().default('PENDENTE'),
    intervalUnit: smallint(),
    intervalValue: integer().notNull().default(1),
    /** How many times it is sent in all (1 = once). */
    repeatCount: integer().notNull().default(1),
    sentCount: integer().notNull().default(0),
    businessDays: smallint().notNull().default(4),
    signMessage: boolean().notNull().default(false),
    mediaPath: text(),
    mediaName: text(),
    lastError: text(),
    /** On a Cloud API connection: the approved template it sends instead of the text (issue 36). */
    template: jsonb().$type<TemplateSendBody>(),
    /** The message of its last send: Meta's later refusal of it (131047 …) fails the schedule with the reason. */
    messageId: bigint({ mode: 'number' }),
    ...timestamps,
  },
  (t) => [
    index('schedules_company_message_idx').on(t.companyId, t.messageId),
    index('schedules_due_idx').on(t.status, t.sendAt),
    index('schedules_company_send_at_idx').on(t.companyId, t.sendAt),
    index('schedules_company_contact_idx').on(t.companyId, t.contactId),
  ],
);
