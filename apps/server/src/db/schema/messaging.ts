import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
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
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { companies, queues, type ScheduleRow, users } from './tenancy';

/**
 * Messaging connections (seed 001 §3 "Connection"). One row per WhatsApp QR session, Cloud API number,
 * Facebook page or Instagram account. Channel credentials are never sent back in full.
 */
export const whatsapps = pgTable(
  'whatsapps',
  {
    id: serial().primaryKey(),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    channel: text().notNull().default('whatsapp'),
    status: text().notNull().default('DISCONNECTED'),
    qrcode: text().notNull().default(''),
    retries: integer().notNull().default(0),
    number: text().notNull().default(''),
    isDefault: boolean().notNull().default(false),
    /** 30 alphanumeric characters (seed 001 §9): the key of the external message API for this connection. */
    token: text().notNull(),
    provider: text().notNull().default('beta'),
    greetingMessage: text().notNull().default(''),
    complationMessage: text().notNull().default(''),
    outOfHoursMessage: text().notNull().default(''),
    ratingMessage: text().notNull().default(''),
    greetingMediaAttachment: text(),
    maxUseBotQueues: integer().notNull().default(3),
    timeUseBotQueues: integer().notNull().default(0),
    maxUseBotQueuesNPS: integer('max_use_bot_queues_nps').notNull().default(3),
    expiresTicket: integer().notNull().default(0),
    whenExpiresTicket: text().notNull().default('0'),
    expiresTicketNPS: integer('expires_ticket_nps').notNull().default(0),
    expiresInactiveMessage: text().notNull().default(''),
    timeInactiveMessage: integer().notNull().default(0),
    inactiveMessage: text().notNull().default(''),
    /** Seconds after a close during which a new message from the contact reopens the closed ticket (0 = never). */
    timeCreateNewTicket: integer().notNull().default(0),
    sendIdQueue: integer().references(() => queues.id, { onDelete: 'set null' }),
    timeSendQueue: integer().notNull().default(0),
    groupAsTicket: text().notNull().default('disabled'),
    allowGroup: boolean().notNull().default(false),
    statusImportMessages: text().notNull().default(''),
    importOldMessages: timestamp({ withTimezone: true }),
    importRecentMessages: timestamp({ withTimezone: true }),
    importOldMessagesGroups: boolean().notNull().default(false),
    closedTicketsPostImported: boolean().notNull().default(false),
    queueIdImportMessages: integer().references(() => queues.id, { onDelete: 'set null' }),
    collectiveVacationStart: text(),
    collectiveVacationEnd: text(),
    collectiveVacationMessage: text().notNull().default(''),
    schedules: jsonb().$type<ScheduleRow[]>().notNull().default([]),
    promptId: integer(),
    integrationId: integer(),
    // WhatsApp Cloud API (channel whatsappapi)
    phoneNumberId: text(),
    businessAccountId: text(),
    accessToken: text(),
    appSecret: text(),
    verifyToken: text(),
    // Messenger / Instagram (channel facebook | instagram)
    facebookUserId: text(),
    facebookUserToken: text(),
    facebookPageUserId: text(),
    tokenMeta: text(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('whatsapps_token_unique').on(t.token),
    index('whatsapps_company_idx').on(t.companyId, t.name),
    // At most one default connection per company (the service keeps at least one).
    uniqueIndex('whatsapps_company_default_unique').on(t.companyId).where(sql`${t.isDefault}`),
    // Webhooks without a connection id in the path are routed by the business number id.
    index('whatsapps_phone_number_idx').on(t.phoneNumberId).where(sql`${t.phoneNumberId} IS NOT NULL`),
    index('whatsapps_page_idx').on(t.facebookPageUserId).where(sql`${t.facebookPageUserId} IS NOT NULL`),
  ],
);

/** Queues a connection serves (seed 001 §3 "queues (sent as queueIds)"). */
export const whatsappQueues = pgTable(
  'whatsapp_queues',
  {
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    whatsappId: integer()
      .notNull()
      .references(() => whatsapps.id, { onDelete: 'cascade' }),
    queueId: integer()
      .notNull()
      .references(() => queues.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.whatsappId, t.queueId] }),
    index('whatsapp_queues_company_queue_idx').on(t.companyId, t.queueId),
  ],
);

/** Contacts (seed 000 §3 "Contact"). `channel` is the network: whatsapp (QR and Cloud API alike), facebook, instagram. */
export const contacts = pgTable(
  'contacts',
  {
    id: serial().primaryKey(),
    uuid: uuid().notNull().defaultRandom(),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    /** Digits for WhatsApp numbers; the group id for groups; PSID/IGSID on Meta channels. */
    number: text().notNull(),
    /** WhatsApp LID (`…@lid`) beside the number, when known. */
    lid: text(),
    email: text().notNull().default(''),
    urlPicture: text().notNull().default(''),
    active: boolean().notNull().default(true),
    acceptAudioMessage: boolean().notNull().default(true),
    disableBot: boolean().notNull().default(false),
    lgpdAcceptedAt: timestamp({ withTimezone: true }),
    channel: text().notNull().default('whatsapp'),
    isGroup: boolean().notNull().default(false),
    /** The connection the contact last wrote through. */
    whatsappId: integer().references(() => whatsapps.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('contacts_company_channel_number_unique').on(t.companyId, t.channel, t.number),
    uniqueIndex('contacts_uuid_unique').on(t.uuid),
    index('contacts_company_name_idx').on(t.companyId, t.name),
    index('contacts_company_lid_idx').on(t.companyId, t.lid).where(sql`${t.lid} IS NOT NULL`),
    // The dashboard's leads: contacts created in a range.
    index('contacts_company_created_idx').on(t.companyId, t.createdAt),
  ],
);

/** A contact's extra info rows (seed 000 §3 "extraInfo (list of id, name, value)"). */
export const contactCustomFields = pgTable(
  'contact_custom_fields',
  {
    id: serial().primaryKey(),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    contactId: integer()
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    value: text().notNull().default(''),
    ...timestamps,
  },
  (t) => [index('contact_custom_fields_contact_idx').on(t.contactId)],
);

/** Tickets (seed 000 §3 "Ticket"): one attendance of a contact through a connection. */
export const tickets = pgTable(
  'tickets',
  {
    id: serial().primaryKey(),
    uuid: uuid().notNull().defaultRandom(),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** pending | open | closed | group | lgpd | nps */
    status: text().notNull().default('pending'),
    contactId: integer()
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    whatsappId: integer().references(() => whatsapps.id, { onDelete: 'set null' }),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    queueId: integer().references(() => queues.id, { onDelete: 'set null' }),
    channel: text().notNull().default('whatsapp'),
    isGroup: boolean().notNull().default(false),
    isBot: boolean().notNull().default(false),
    useIntegration: boolean().notNull().default(false),
    integrationId: integer(),
    promptId: integer(),
    lastMessage: text().notNull().default(''),
    /** Channel time of `lastMessage`: a late, older message does not replace it. */
    lastMessageAt: timestamp({ withTimezone: true }),
    unreadMessages: integer().notNull().default(0),
    /** True when the business started the conversation (outbound first). */
    fromMe: boolean().notNull().default(false),
    amountUsedBotQueues: integer().notNull().default(0),
    amountUsedBotQueuesNPS: integer('amount_used_bot_queues_nps').notNull().default(0),
    chatbotOptionId: integer(),
    isOutOfHour: boolean().notNull().default(false),
    sendInactiveMessage: boolean().notNull().default(false),
    lgpdSendMessageAt: timestamp({ withTimezone: true }),
    lgpdAcceptedAt: timestamp({ withTimezone: true }),
    imported: timestamp({ withTimezone: true }),
    closedAt: timestamp({ withTimezone: true }),
    /** When the queue's SLA policy was applied (decision 105); null = the ticket has no SLA. */
    slaStartedAt: timestamp({ withTimezone: true }),
    /** The first reply is due (cleared once an attendant replied). */
    slaFirstResponseDueAt: timestamp({ withTimezone: true }),
    /** The next reply is due (set when the customer writes after a reply, cleared by the next reply). */
    slaNextResponseDueAt: timestamp({ withTimezone: true }),
    /** The ticket is due closed (moved on by the time it waited on the customer). */
    slaResolutionDueAt: timestamp({ withTimezone: true }),
    /** The ticket waits on the customer since (the resolution clock is stopped). */
    slaPausedAt: timestamp({ withTimezone: true }),
    /** The first target missed, and when: firstResponse | nextResponse | resolution. */
    slaBreach: text(),
    slaBreachedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('tickets_uuid_unique').on(t.uuid),
    // At most one live ticket per contact and connection: concurrent first messages converge on it.
    uniqueIndex('tickets_contact_whatsapp_live_unique').on(t.contactId, t.whatsappId).where(sql`${t.status} <> 'closed'`),
    index('tickets_company_status_updated_idx').on(t.companyId, t.status, t.updatedAt.desc()),
    index('tickets_company_queue_status_updated_idx').on(t.companyId, t.queueId, t.status, t.updatedAt.desc()),
    index('tickets_company_user_status_updated_idx').on(t.companyId, t.userId, t.status, t.updatedAt.desc()),
    index('tickets_company_contact_idx').on(t.companyId, t.contactId, t.whatsappId, t.updatedAt.desc()),
    // The minute sweep's live SLA tickets (few: only tickets under a policy, not yet breached).
    index('tickets_sla_live_idx')
      .on(t.companyId)
      .where(sql`${t.slaStartedAt} IS NOT NULL AND ${t.slaBreachedAt} IS NULL AND ${t.status} <> 'closed'`),
    // The SLA report's range: the tickets whose policy applied in it.
    index('tickets_company_sla_started_idx').on(t.companyId, t.slaStartedAt).where(sql`${t.slaStartedAt} IS NOT NULL`),
    // Also tickets_company_created_idx (company_id, created_at) INCLUDE the columns the dashboard counts by (and
    // contact_id, for its leads), from the hand-written parts of migrations 0010 and 0018, and
    // tickets_company_contact_created_idx (company_id, contact_id, created_at) INCLUDE (status, queue_id, user_id,
    // is_group) for the report's search, from 0019 (drizzle-kit cannot declare INCLUDE).
  ],
);

/** A ticket's SLA state (issue 33 item 2): selected by the SLA rules and by every ticket list. */
export const ticketSlaColumns = {
  slaStartedAt: tickets.slaStartedAt,
  slaFirstResponseDueAt: tickets.slaFirstResponseDueAt,
  slaNextResponseDueAt: tickets.slaNextResponseDueAt,
  slaResolutionDueAt: tickets.slaResolutionDueAt,
  slaPausedAt: tickets.slaPausedAt,
  slaBreach: tickets.slaBreach,
  slaBreachedAt: tickets.slaBreachedAt,
};

/** Messages (seed 000 §3 "Message"). Inbound rows carry the channel's id; outbound rows get it once sent. */
export const messages = pgTable(
  'messages',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    ticketId: integer()
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    /** The contact who wrote it (in a group: the participant); null for the business's own messages. */
    contactId: integer().references(() => contacts.id, { onDelete: 'set null' }),
    whatsappId: integer().references(() => whatsapps.id, { onDelete: 'set null' }),
    /** The channel's message id (`wamid.…`, Baileys key id, Messenger mid). */
    externalId: text(),
    body: text().notNull().default(''),
    fromMe: boolean().notNull().default(false),
    read: boolean().notNull().default(false),
    mediaType: text().notNull().default('text'),
    /** Stored media path (served by the media route to the company's users only). */
    mediaUrl: text(),
    mediaName: text(),
    mediaMimeType: text(),
    mediaSize: bigint({ mode: 'number' }),
    /** The channel's handle of a media not downloaded yet (InboundMedia); cleared once stored. */
    mediaRef: jsonb().$type<Record<string, unknown>>(),
    dataJson: jsonb().$type<Record<string, unknown>>(),
    quotedMsgId: bigint({ mode: 'number' }),
    quotedExternalId: text(),
    /** 0 stored (clock), 1 sent, 2 delivered, 3 read, 4 played, 5 (seed 000 §4). */
    ack: smallint().notNull().default(0),
    /** Why the channel refused the message after the last attempt; set ⇒ failed, never shown as sent. */
    sendError: text(),
    isDeleted: boolean().notNull().default(false),
    isEdited: boolean().notNull().default(false),
    isForwarded: boolean().notNull().default(false),
    isPrivate: boolean().notNull().default(false),
    queueId: integer().references(() => queues.id, { onDelete: 'set null' }),
    /** The attendant who sent it (outbound from Atendo). */
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    /**
     * A customer's message the conversation automation has not decided on yet (docs/architecture.md "The event spine"):
     * 0 none or done, 1 due, 2 due and the message opened its ticket. Set by ingest in the insert, cleared in the
     * automation's transaction that answers it — so a crash in between leaves it due, and the sweep decides it later.
     */
    automation: smallint().notNull().default(0),
    ...timestamps,
  },
  (t) => [
    // Outbound messages not sent yet (a few at a time): the minute sweep finds those whose send job was never stored.
    index('messages_unsent_idx')
      .on(t.createdAt)
      .where(sql`${t.fromMe} AND ${t.ack} = 0 AND ${t.externalId} IS NULL AND ${t.sendError} IS NULL AND NOT ${t.isPrivate}`),
    // What the automation still owes (a few rows at a time): the sweep and each ticket's drain find them here.
    index('messages_automation_due_idx').on(t.companyId, t.ticketId).where(sql`${t.automation} > 0`),
    // Idempotent ingest: the same channel message twice is one row (ON CONFLICT DO NOTHING).
    uniqueIndex('messages_whatsapp_external_unique').on(t.whatsappId, t.externalId),
    index('messages_ticket_created_idx').on(t.ticketId, t.createdAt.desc(), t.id.desc()),
    index('messages_company_created_idx').on(t.companyId, t.createdAt.desc()),
  ],
);

/** Ticket log entries (seed 000 §3): create, chatBot, queue, open, access, transfered, receivedTransfer, pending, closed, reopen, redirect. */
/**
 * A channel's delivery report that came before the send's answer stored the message's id (no reference echoed to find
 * it by): kept until the send stores that id and takes it (messages.jobs), or for an hour (issue 31 item 9).
 */
export const messageEarlyStatuses = pgTable(
  'message_early_statuses',
  {
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    whatsappId: integer()
      .notNull()
      .references(() => whatsapps.id, { onDelete: 'cascade' }),
    externalId: text().notNull(),
    /** The highest ack reported so far (0 when only a failure came). */
    ack: smallint().notNull().default(0),
    failure: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.whatsappId, t.externalId] }),
    index('message_early_statuses_company_idx').on(t.companyId, t.createdAt),
  ],
);

export const ticketLogs = pgTable(
  'ticket_logs',
  {
    id: serial().primaryKey(),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    ticketId: integer()
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    type: text().notNull(),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    queueId: integer().references(() => queues.id, { onDelete: 'set null' }),
    /** Why the automation did it, when it says (e.g. the AI provider's failure that handed a ticket over). */
    reason: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ticket_logs_ticket_idx').on(t.ticketId, t.createdAt)],
);

/**
 * The message templates of a Cloud API connection's WhatsApp Business Account, as Meta last listed them (issue 36):
 * synced on demand and periodically; only APPROVED ones can be sent. `components` is Meta's own JSON
 * (HEADER/BODY/FOOTER/BUTTONS with `{{n}}` variables).
 */
export const messageTemplates = pgTable(
  'message_templates',
  {
    id: serial().primaryKey(),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    whatsappId: integer()
      .notNull()
      .references(() => whatsapps.id, { onDelete: 'cascade' }),
    /** Meta's template id. */
    externalId: text().notNull(),
    name: text().notNull(),
    language: text().notNull(),
    category: text().notNull(),
    /** APPROVED, PENDING, REJECTED, PAUSED, DISABLED, IN_APPEAL … as Meta says. */
    status: text().notNull(),
    rejectedReason: text(),
    components: jsonb().notNull().default([]),
    syncedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('message_templates_whatsapp_name_language_unique').on(t.whatsappId, t.name, t.language),
    index('message_templates_company_idx').on(t.companyId, t.whatsappId),
  ],
);
export type MessageTemplateRow = typeof messageTemplates.$inferSelect;
