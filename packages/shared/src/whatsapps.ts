import { z } from 'zod';
import { CHANNELS } from './constants';
import { ScheduleRowSchema } from './queues';
import { knownPlaceholders } from './templates';
import { idParam, nameField, V } from './validation';

/** Connection status (seed 000 §4, seed 001 §4). */
export const CONNECTION_STATUSES = ['qrcode', 'PAIRING', 'DISCONNECTED', 'TIMEOUT', 'OPENING', 'CONNECTED'] as const;
export type ConnectionStatus = (typeof CONNECTION_STATUSES)[number];

/** Secrets are answered as this mask: the last 4 characters only (or null when unset). */
export const maskSecret = (v: string | null | undefined): string | null => (v ? `••••${v.length > 8 ? v.slice(-4) : ''}` : null);
export const isMaskedSecret = (v: unknown): boolean => typeof v === 'string' && v.startsWith('••••');

/** A text the customer receives: its placeholders must be ones formatTemplate fills. */
const text = (max = 10_000) => z.string().max(max, V.tooLong).refine(knownPlaceholders.check, knownPlaceholders.message);
const optionalId = idParam.nullable().optional();
const int0 = z.coerce.number({ error: V.invalid }).int(V.invalid).min(0, V.min0).max(1_000_000, V.invalid);
/** An empty form field becomes 0 (seed 001 §5: "an empty timeSendQueue becomes 0"). */
const intOrEmpty = z.preprocess((v) => (v === '' || v === null ? 0 : v), int0);
const dateOrNull = z.preprocess((v) => (v === '' ? null : v), z.coerce.date({ error: V.invalid }).nullable());
const flag = z.enum(['enabled', 'disabled'], { error: V.invalid });
/** A secret field: a new value, '' to clear, or the mask as answered (= keep). */
const secret = z.string().trim().max(2000, V.tooLong).nullable();

/** Fields of the connection form (seed 001 §3 "Connection (whatsapp)"). */
const WhatsappFields = z.object({
  name: nameField(2, 50),
  channel: z.enum(CHANNELS, { error: V.invalid }).default('whatsapp'),
  isDefault: z.boolean().optional(),
  token: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]*$/, V.invalid)
    .max(100, V.tooLong)
    .optional(),
  provider: z.string().max(30).optional(),
  queueIds: z.array(idParam).max(500, V.tooLong).optional(),
  schedules: z.array(ScheduleRowSchema).max(7).optional(),
  promptId: optionalId,
  integrationId: optionalId,
  greetingMessage: text().optional(),
  complationMessage: text().optional(),
  outOfHoursMessage: text().optional(),
  ratingMessage: text().optional(),
  maxUseBotQueues: int0.optional(),
  timeUseBotQueues: int0.optional(),
  maxUseBotQueuesNPS: int0.optional(),
  expiresTicket: int0.optional(),
  whenExpiresTicket: z.enum(['0', '1'], { error: V.invalid }).optional(),
  expiresTicketNPS: intOrEmpty.optional(),
  expiresInactiveMessage: text().optional(),
  timeInactiveMessage: intOrEmpty.optional(),
  inactiveMessage: text().optional(),
  /** Seconds after a close in which the contact's new message reopens that ticket (0 = always a new ticket). */
  timeCreateNewTicket: intOrEmpty.optional(),
  sendIdQueue: optionalId,
  timeSendQueue: intOrEmpty.optional(),
  groupAsTicket: flag.optional(),
  allowGroup: z.boolean().optional(),
  importOldMessages: dateOrNull.optional(),
  importRecentMessages: dateOrNull.optional(),
  importOldMessagesGroups: z.boolean().optional(),
  closedTicketsPostImported: z.boolean().optional(),
  queueIdImportMessages: optionalId,
  collectiveVacationStart: z.string().max(40).nullable().optional(),
  collectiveVacationEnd: z.string().max(40).nullable().optional(),
  collectiveVacationMessage: text().optional(),
  // WhatsApp Cloud API
  phoneNumberId: z
    .string()
    .trim()
    .regex(/^\d{5,30}$/, V.invalid)
    .nullable()
    .optional(),
  businessAccountId: z
    .string()
    .trim()
    .regex(/^\d{0,30}$/, V.invalid)
    .nullable()
    .optional(),
  accessToken: secret.optional(),
  appSecret: secret.optional(),
  verifyToken: secret.optional(),
});

type Fields = z.infer<typeof WhatsappFields>;

/** A field's problem, as the server answers it in ERR_VALIDATION (the message is an i18n key). */
export interface FieldIssue {
  path: string;
  message: string;
}

/**
 * Seed 001 §5 rating rule, the same for the web form and the server: with the company's user rating on, a rating
 * message is required; with user rating on or a rating message, a non-zero NPS expiry too.
 */
export function ratingRuleIssues(
  v: { ratingMessage?: string | null; expiresTicketNPS?: number | string | null },
  userRating: boolean,
): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const hasMessage = Boolean(v.ratingMessage?.trim());
  if (userRating && !hasMessage) issues.push({ path: 'ratingMessage', message: V.required });
  if ((userRating || hasMessage) && !Number(v.expiresTicketNPS)) issues.push({ path: 'expiresTicketNPS', message: V.required });
  return issues;
}

/** How far back the history import may start (seed 001 §5). */
export const IMPORT_MAX_AGE_MS = 2 * 366 * 86_400_000;

/**
 * Seed 001 §5 import rule, the same for the web form and the server: the from-date is not in the future nor older
 * than 2 years and needs a queue for the imported tickets; the until-date lies between the from-date and now.
 * `importOn` is the form's switch (the API has none): on, the from-date and the queue are required.
 */
export function importRuleIssues(
  v: {
    importOn?: boolean;
    importOldMessages?: Date | string | null;
    importRecentMessages?: Date | string | null;
    queueIdImportMessages?: number | string | null;
  },
  now = Date.now(),
): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const time = (d: Date | string | null | undefined) => (d ? new Date(d).getTime() : null);
  const from = time(v.importOldMessages);
  const until = time(v.importRecentMessages);
  if (v.importOn && from === null) issues.push({ path: 'importOldMessages', message: V.required });
  if (from !== null && (Number.isNaN(from) || from > now || from < now - IMPORT_MAX_AGE_MS))
    issues.push({ path: 'importOldMessages', message: V.invalid });
  if ((v.importOn || from !== null) && !v.queueIdImportMessages)
    issues.push({ path: 'queueIdImportMessages', message: V.required });
  if (until !== null && (Number.isNaN(until) || until > now || (from !== null && until < from)))
    issues.push({ path: 'importRecentMessages', message: V.invalid });
  return issues;
}

/** Cross-field rules of seed 001 §5 "Connection form" that need no company setting. */
function connectionRules(v: Partial<Fields>, ctx: z.RefinementCtx) {
  const add = (i: FieldIssue) => ctx.addIssue({ code: 'custom', path: [i.path], message: i.message });
  ratingRuleIssues(v, false).forEach(add);
  if (v.timeSendQueue && !v.sendIdQueue) ctx.addIssue({ code: 'custom', path: ['sendIdQueue'], message: V.required });
  if (v.collectiveVacationMessage?.trim()) {
    if (!v.collectiveVacationStart) ctx.addIssue({ code: 'custom', path: ['collectiveVacationStart'], message: V.required });
    if (!v.collectiveVacationEnd) ctx.addIssue({ code: 'custom', path: ['collectiveVacationEnd'], message: V.required });
  }
  importRuleIssues(v).forEach(add);
}

/** POST /whatsapp */
export const CreateWhatsappBody = WhatsappFields.superRefine(connectionRules);
export type CreateWhatsappBody = z.infer<typeof CreateWhatsappBody>;

/** PUT /whatsapp/:whatsappId — partial; the channel of a connection never changes. */
export const UpdateWhatsappBody = WhatsappFields.omit({ channel: true }).partial().superRefine(connectionRules);
export type UpdateWhatsappBody = z.infer<typeof UpdateWhatsappBody>;

/**
 * Every rule of the connection form, as the server applies it on save: the schema's, the rating rule with the
 * company's user-rating setting, and the import switch of the form. One issue per field, in the form's order.
 */
/**
 * With more than one queue the customer is offered a menu, and the greeting introduces it (else a bare
 * "*1* - Suporte"): the form says it on the greeting field, the server answers ERR_WAPP_GREETING_REQUIRED.
 */
export const greetingRequired = (queueIds: readonly number[] | undefined, greetingMessage: string | null | undefined) =>
  new Set(queueIds ?? []).size > 1 && !greetingMessage?.trim();

export function connectionFormIssues(
  body: Record<string, unknown>,
  opts: { update: boolean; userRating: boolean; importOn?: boolean },
): FieldIssue[] {
  const parsed = (opts.update ? UpdateWhatsappBody : CreateWhatsappBody).safeParse(body);
  const issues: FieldIssue[] = parsed.success
    ? []
    : parsed.error.issues.map((i) => ({ path: String(i.path[0]), message: i.message }));
  const more = [
    ...ratingRuleIssues(body as Parameters<typeof ratingRuleIssues>[0], opts.userRating),
    ...importRuleIssues({ ...(body as Parameters<typeof importRuleIssues>[0]), importOn: opts.importOn }),
    ...(greetingRequired(body.queueIds as number[] | undefined, body.greetingMessage as string | undefined)
      ? [{ path: 'greetingMessage', message: V.greetingRequired }]
      : []),
  ];
  for (const i of more) if (!issues.some((x) => x.path === i.path)) issues.push(i);
  return issues;
}

export const WhatsappIdParams = z.object({ whatsappId: idParam });

/** GET /whatsapp (seed: `session=0`, `companyId` ignored — the company comes from the token), GET /whatsapp/filter. */
export const WhatsappListQuery = z.object({
  session: z.coerce.number().optional(),
  channel: z.enum(CHANNELS, { error: V.invalid }).optional(),
  companyId: z.coerce.number().optional(),
});

const QueueRef = z.object({ id: z.number(), name: z.string(), color: z.string() });

export const WhatsappDto = z.object({
  id: z.number(),
  companyId: z.number(),
  name: z.string(),
  channel: z.enum(CHANNELS),
  status: z.string(),
  qrcode: z.string(),
  retries: z.number(),
  number: z.string(),
  isDefault: z.boolean(),
  token: z.string(),
  provider: z.string(),
  queues: z.array(QueueRef),
  queueIds: z.array(z.number()),
  schedules: z.array(ScheduleRowSchema),
  promptId: z.number().nullable(),
  integrationId: z.number().nullable(),
  greetingMessage: z.string(),
  complationMessage: z.string(),
  outOfHoursMessage: z.string(),
  ratingMessage: z.string(),
  greetingMediaAttachment: z.string().nullable(),
  maxUseBotQueues: z.number(),
  timeUseBotQueues: z.number(),
  maxUseBotQueuesNPS: z.number(),
  expiresTicket: z.number(),
  whenExpiresTicket: z.string(),
  expiresTicketNPS: z.number(),
  expiresInactiveMessage: z.string(),
  timeInactiveMessage: z.number(),
  inactiveMessage: z.string(),
  timeCreateNewTicket: z.number(),
  sendIdQueue: z.number().nullable(),
  timeSendQueue: z.number(),
  groupAsTicket: z.string(),
  allowGroup: z.boolean(),
  statusImportMessages: z.string(),
  importOldMessages: z.date().nullable(),
  importRecentMessages: z.date().nullable(),
  importOldMessagesGroups: z.boolean(),
  closedTicketsPostImported: z.boolean(),
  queueIdImportMessages: z.number().nullable(),
  collectiveVacationStart: z.string().nullable(),
  collectiveVacationEnd: z.string().nullable(),
  collectiveVacationMessage: z.string(),
  phoneNumberId: z.string().nullable(),
  businessAccountId: z.string().nullable(),
  /** Masked (`••••abcd`) or null. */
  accessToken: z.string().nullable(),
  appSecret: z.string().nullable(),
  /** Masked, except in the answer of the creation that generated it. */
  verifyToken: z.string().nullable(),
  /** The callback URL to configure at Meta (Cloud API connections). */
  webhookUrl: z.string().nullable(),
  /** The Facebook Page id or Instagram account id a `facebook` / `instagram` connection serves. */
  facebookPageUserId: z.string().nullable(),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type WhatsappDto = z.infer<typeof WhatsappDto>;

/** GET /whatsapp/filter answer items (seed 000 §7: id, name, channel). */
export const WhatsappFilterItem = z.object({ id: z.number(), name: z.string(), channel: z.enum(CHANNELS) });

/** What `company-{id}-whatsappSession` carries (seed 000 §3 "Connection (session view)"). */
export const WhatsappSessionDto = z.object({
  id: z.number(),
  status: z.string(),
  updatedAt: z.date(),
  qrcode: z.string(),
  retries: z.number(),
});
export type WhatsappSessionDto = z.infer<typeof WhatsappSessionDto>;

export const SOCIAL_CHANNELS = ['facebook', 'instagram'] as const;

/** POST /facebook (seed 001 §7): the Facebook login's user id and token; addInstagram connects the Pages' Instagram accounts. */
export const FacebookConnectBody = z.object({
  facebookUserId: z
    .string()
    .trim()
    .regex(/^\d{1,40}$/, V.invalid),
  facebookUserToken: z.string().trim().min(10, V.invalid).max(2000, V.tooLong),
  addInstagram: z.boolean().optional(),
});
export type FacebookConnectBody = z.infer<typeof FacebookConnectBody>;

/** GET /whatsapp/all (super users): every company's connections, without secrets, for the all-connections page. */
export const AllConnectionsItem = z.object({
  id: z.number(),
  name: z.string(),
  channel: z.enum(CHANNELS),
  status: z.string(),
  companyId: z.number(),
  companyName: z.string(),
  updatedAt: z.date(),
});
export type AllConnectionsItem = z.infer<typeof AllConnectionsItem>;

/** Seed 001 §9: the QR code is drawn at 250 px. */
export const QR_CODE_SIZE = 250;
/** Seed 001 §4: an import shows 'preparing' for 35 s after its timestamp (statusImportMessages). */
export const IMPORT_PREPARING_MS = 35_000;
/** statusImportMessages value after an import, when imported tickets can be closed in bulk. */
export const IMPORT_CLOSE_TICKETS_STATUS = 'renderButtonCloseTickets';
