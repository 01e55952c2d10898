import type { ScheduleRowDto } from '@atendo/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamps } from './columns';

/** Service hours row (seed 001 §3 "Schedule row"). */
export type ScheduleRow = ScheduleRowDto;

export const plans = pgTable('plans', {
  id: serial().primaryKey(),
  name: text().notNull().unique(),
  users: integer().notNull().default(0),
  connections: integer().notNull().default(0),
  queues: integer().notNull().default(0),
  amount: numeric({ precision: 12, scale: 2, mode: 'number' }).notNull().default(0),
  isPublic: boolean().notNull().default(true),
  useWhatsapp: boolean().notNull().default(true),
  useFacebook: boolean().notNull().default(true),
  useInstagram: boolean().notNull().default(true),
  useCampaigns: boolean().notNull().default(true),
  useSchedules: boolean().notNull().default(true),
  useInternalChat: boolean().notNull().default(true),
  useExternalApi: boolean().notNull().default(true),
  useKanban: boolean().notNull().default(true),
  useOpenAi: boolean().notNull().default(true),
  useIntegrations: boolean().notNull().default(true),
  trialDays: integer().notNull().default(7),
  ...timestamps,
});

/** Help videos (seed 001 §3): platform-wide, managed by the super admin; `page` names the tutorial a page opens. */
export const helps = pgTable('helps', {
  id: serial().primaryKey(),
  title: text().notNull(),
  description: text().notNull().default(''),
  video: text().notNull(),
  page: text().unique(),
  ...timestamps,
});

export const companies = pgTable('companies', {
  id: serial().primaryKey(),
  name: text().notNull().unique(),
  email: text(),
  phone: text(),
  document: text(),
  status: boolean().notNull().default(true),
  planId: integer().references(() => plans.id, { onDelete: 'set null' }),
  dueDate: timestamp({ withTimezone: true }),
  recurrence: text().notNull().default('MENSAL'),
  paymentMethod: text(),
  addressStreet: text(),
  addressState: text(),
  addressCity: text(),
  schedules: jsonb().$type<ScheduleRow[]>().notNull().default([]),
  numberAttendants: integer().notNull().default(1),
  numberConections: integer().notNull().default(1),
  timezone: text().notNull().default('America/Sao_Paulo'),
  lastLogin: timestamp({ withTimezone: true }),
  folderSize: bigint({ mode: 'number' }).notNull().default(0),
  numberFileFolder: integer().notNull().default(0),
  updatedAtFolder: timestamp({ withTimezone: true }),
  ...timestamps,
});

export const users = pgTable(
  'users',
  {
    id: serial().primaryKey(),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    email: text().notNull(),
    passwordHash: text().notNull(),
    profile: text().notNull().default('user'),
    super: boolean().notNull().default(false),
    /** Bumped by every login (single session) and by logout: tokens carrying an older value are refused. */
    tokenVersion: integer().notNull().default(0),
    status: text().notNull().default('active'),
    online: boolean().notNull().default(false),
    lastSeen: timestamp({ withTimezone: true }),
    startWork: text().notNull().default('00:00'),
    endWork: text().notNull().default('23:59'),
    color: text(),
    profileImage: text(),
    whatsappId: integer(),
    farewellMessage: text(),
    language: text(),
    showDashboard: text().notNull().default('disabled'),
    allowRealTime: text().notNull().default('disabled'),
    allowConnections: text().notNull().default('disabled'),
    allTicket: text().notNull().default('disabled'),
    allowGroup: text().notNull().default('disabled'),
    allHistoric: text().notNull().default('disabled'),
    allUserChat: text().notNull().default('disabled'),
    userClosePendingTicket: text().notNull().default('disabled'),
    /** Most open tickets the assignment rule gives this user (docs/automation.md "Assignment"); null: each queue's default. */
    assignmentCapacity: integer(),
    defaultTheme: text().notNull().default('light'),
    defaultMenu: text().notNull().default('open'),
    defaultTicketsManagerWidth: integer().notNull().default(550),
    /** TOTP secret (RFC 6238), sealed with AES-256-GCM under a key derived from the server secret; set once enrolled. */
    twoFactorSecret: text(),
    /** The secret of an enrolment not yet confirmed by a code (sealed too). */
    twoFactorPendingSecret: text(),
    twoFactorEnabledAt: timestamp({ withTimezone: true }),
    /** The 30-second step of the last code accepted: a code of that step or an earlier one is refused (no replay). */
    twoFactorLastStep: integer(),
    ...timestamps,
  },
  (t) => [uniqueIndex('users_email_unique').on(sql`lower(${t.email})`), index('users_company_idx').on(t.companyId, t.name)],
);

export const queues = pgTable(
  'queues',
  {
    id: serial().primaryKey(),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    color: text().notNull(),
    greetingMessage: text().notNull().default(''),
    outOfHoursMessage: text().notNull().default(''),
    orderQueue: integer(),
    schedules: jsonb().$type<ScheduleRow[]>().notNull().default([]),
    ativarRoteador: boolean().notNull().default(false),
    tempoRoteador: integer().notNull().default(0),
    integrationId: integer(),
    fileListId: integer(),
    promptId: integer(),
    closeTicket: boolean().notNull().default(false),
    /** Who takes a waiting ticket (docs/automation.md "Assignment"): off, random, roundRobin, leastBusy. */
    assignmentMode: text().notNull().default('off'),
    /** Most open tickets an attendant gets from the rule when the user has no capacity of their own; 0 = no limit. */
    assignmentCapacity: integer().notNull().default(0),
    /** Round robin: the user the rule gave this queue's last ticket (the next one goes to the next user by id). */
    assignmentLastUserId: integer(),
    /** The queue's SLA policy (docs/automation.md "SLA"; decision 105): minutes to the first reply; null = no target. */
    slaFirstResponseMinutes: integer(),
    /** Minutes to each next reply after the customer writes again. */
    slaNextResponseMinutes: integer(),
    /** Minutes to close the ticket (paused while it waits on the customer). */
    slaResolutionMinutes: integer(),
    /** The targets count only the queue's (else the company's) business hours. */
    slaBusinessHours: boolean().notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('queues_company_name_unique').on(t.companyId, t.name),
    uniqueIndex('queues_company_color_unique').on(t.companyId, t.color),
  ],
);

export const userQueues = pgTable(
  'user_queues',
  {
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    queueId: integer()
      .notNull()
      .references(() => queues.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.queueId] }), index('user_queues_company_queue_idx').on(t.companyId, t.queueId)],
);

/** Refresh sessions: one row per issued refresh token (stored hashed), rotated on every use. */
export const userSessions = pgTable(
  'user_sessions',
  {
    id: uuid().primaryKey().defaultRandom(),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull().unique(),
    tokenVersion: integer().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    /** Set when the token was exchanged for a new one (a reuse within seconds is a concurrent refresh). */
    rotatedAt: timestamp({ withTimezone: true }),
    userAgent: text(),
    ip: text(),
    /** When the password (and second factor) were given: carried over every rotation of the refresh token. */
    signedInAt: timestamp({ withTimezone: true }),
    /** When this token was issued: the session's last refresh, i.e. when its device was last seen. */
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('user_sessions_user_idx').on(t.userId)],
);

/** Single-use recovery codes of a user's second factor, stored as password hashes (argon2). */
export const userRecoveryCodes = pgTable(
  'user_recovery_codes',
  {
    id: serial().primaryKey(),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text().notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('user_recovery_codes_user_idx').on(t.companyId, t.userId)],
);

/** Global (platform) key/value settings. */
export const settings = pgTable('settings', {
  key: text().primaryKey(),
  value: text().notNull().default(''),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Company-level settings: one row per company, one column per setting (seed 001 §3). */
export const companySettings = pgTable('company_settings', {
  companyId: integer()
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  userRating: text().notNull().default('disabled'),
  scheduleType: text().notNull().default('disabled'),
  acceptCallWhatsapp: text().notNull().default('enabled'),
  userRandom: text().notNull().default('disabled'),
  sendGreetingMessageOneQueues: text().notNull().default('enabled'),
  sendSignMessage: text().notNull().default('enabled'),
  sendFarewellWaitingTicket: text().notNull().default('disabled'),
  sendGreetingAccepted: text().notNull().default('disabled'),
  sendQueuePosition: text().notNull().default('disabled'),
  acceptAudioMessageContact: text().notNull().default('enabled'),
  enableLGPD: text('enable_lgpd').notNull().default('disabled'),
  requiredTag: text().notNull().default('disabled'),
  lgpdDeleteMessage: text().notNull().default('disabled'),
  lgpdHideNumber: text().notNull().default('disabled'),
  lgpdConsent: text().notNull().default('disabled'),
  lgpdMessage: text().notNull().default(''),
  lgpdLink: text().notNull().default(''),
  sendMsgTransfTicket: text().notNull().default('disabled'),
  closeTicketOnTransfer: text().notNull().default('false'),
  DirectTicketsToWallets: text('direct_tickets_to_wallets').notNull().default('disabled'),
  showNotificationPending: text().notNull().default('false'),
  transferMessage: text().notNull().default(''),
  greetingAcceptedMessage: text().notNull().default(''),
  AcceptCallWhatsappMessage: text('accept_call_whatsapp_message').notNull().default(''),
  sendQueuePositionMessage: text().notNull().default(''),
  /** 'enabled': every user of the company must sign in with a second factor (issue 34). */
  requireTwoFactor: text().notNull().default('disabled'),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
