import { z } from 'zod';
import { contactEmailField, contactNumberField } from './contacts';
import { TemplateSendBody } from './message-templates';
import { knownPlaceholders } from './templates';
import { boolParam } from './tickets';
import { idParam, nameField, V } from './validation';

/** Seed 002 §2.3–§2.5, §3, §4, §9: contact lists, campaign settings, campaigns and their shipping records. */

export const CONTACT_LISTS_PAGE_SIZE = 20;
export const CONTACT_LIST_ITEMS_PAGE_SIZE = 40;
export const CAMPAIGNS_PAGE_SIZE = 20;
export const CAMPAIGN_SHIPPINGS_PAGE_SIZE = 50;
/** Seed 002 §4: a PROGRAMADA campaign is editable only while more than this is left before its time. */
export const CAMPAIGN_EDIT_LEAD_MS = 3_600_000;
/** Seed 002 §2.3: the report reloads this long after FINALIZADA. */
export const CAMPAIGN_REPORT_RELOAD_MS = 5_000;
export const CAMPAIGN_MEDIA_MAX_BYTES = 16 * 1024 * 1024;

export const CAMPAIGN_STATUSES = ['INATIVA', 'PROGRAMADA', 'EM_ANDAMENTO', 'CANCELADA', 'FINALIZADA'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];
export const CAMPAIGN_TICKET_STATUSES = ['closed', 'pending', 'open'] as const;
export const CAMPAIGN_OPEN_TICKET = ['enabled', 'disabled'] as const;
export const SHIPPING_STATUSES = ['pending', 'claimed', 'confirmation', 'sent', 'delivered', 'read', 'failed'] as const;
export type ShippingStatus = (typeof SHIPPING_STATUSES)[number];

/** Seed 002 §9: the settings' defaults and option lists. */
export const CAMPAIGN_SETTINGS_DEFAULTS = {
  messageInterval: 20,
  longerIntervalAfter: 20,
  greaterInterval: 60,
  variables: [] as { key: string; value: string }[],
  sabado: false,
  domingo: false,
  startHour: '09:00',
  endHour: '18:00',
};
export const MESSAGE_INTERVAL_OPTIONS = [0, 5, 10, 15, 20, 30, 60, 70, 80, 100, 120] as const;
export const LONGER_INTERVAL_AFTER_OPTIONS = [0, 5, 10, 15, 20, 30, 40, 50, 60] as const;
export const GREATER_INTERVAL_OPTIONS = [0, ...Array.from({ length: 17 }, (_, i) => 20 + i * 10)] as const;

/** The campaign form is editable: INATIVA, PROGRAMADA with more than 1 h left, or CANCELADA (seed 002 §4). */
export function campaignEditable(c: { status: string; scheduledAt: Date | string | null }, now = Date.now()): boolean {
  if (c.status === 'INATIVA' || c.status === 'CANCELADA') return true;
  if (c.status !== 'PROGRAMADA') return false;
  if (!c.scheduledAt) return true;
  return new Date(c.scheduledAt).getTime() - now > CAMPAIGN_EDIT_LEAD_MS;
}

/** The variants that send something (1-based): a text or a template (issue 36), for the rotation. */
export function campaignVariants(
  c: Record<`message${1 | 2 | 3 | 4 | 5}`, string> & { templates?: readonly unknown[] },
): number[] {
  return ([1, 2, 3, 4, 5] as const).filter((i) => c[`message${i}`].trim() !== '' || Boolean(c.templates?.[i - 1]));
}

/** {nome} {numero} {email} and the company's own variables ({key}) filled in a campaign text. */
export function fillCampaignVariables(
  text: string,
  r: { name: string; number: string; email: string },
  variables: readonly { key: string; value: string }[] = [],
): string {
  const values: Record<string, string> = { nome: r.name, numero: r.number, email: r.email };
  for (const v of variables) if (v.key && !(v.key in values)) values[v.key] = v.value;
  return text.replace(/\{([\w.-]+)\}/g, (all, key: string) => (key in values ? values[key] : all));
}

const pageNumber = z.coerce.number({ error: V.invalid }).int(V.invalid).min(1, V.invalid).max(100_000, V.invalid).default(1);
const search = z.string().trim().max(100, V.tooLong).optional();

// ─── Contact lists ───────────────────────────────────────────────────────────

export const ContactListBody = z.object({ name: nameField() });
export type ContactListBody = z.infer<typeof ContactListBody>;
export const ContactListPageQuery = z.object({ searchParam: search, pageNumber });
export const ContactListDto = z.object({
  id: z.number(),
  name: z.string(),
  contactsCount: z.number(),
  importStatus: z.string(),
  importSummary: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type ContactListDto = z.infer<typeof ContactListDto>;
export const ContactListPageDto = z.object({ records: z.array(ContactListDto), hasMore: z.boolean(), count: z.number() });
export const ContactListRefDto = z.object({ id: z.number(), name: z.string(), contactsCount: z.number() });

export const ContactListItemBody = z.object({
  name: nameField(),
  number: contactNumberField(),
  email: contactEmailField().optional().default(''),
  contactListId: idParam,
});
export type ContactListItemBody = z.infer<typeof ContactListItemBody>;
export const ContactListItemQuery = z.object({ searchParam: search, pageNumber, contactListId: idParam });
export const ContactListItemDto = z.object({
  id: z.number(),
  name: z.string(),
  number: z.string(),
  email: z.string(),
  isWhatsappValid: z.boolean().nullable(),
  companyId: z.number(),
  contactListId: z.number(),
});
export type ContactListItemDto = z.infer<typeof ContactListItemDto>;
export const ContactListItemPageDto = z.object({
  contacts: z.array(ContactListItemDto),
  hasMore: z.boolean(),
  count: z.number(),
});
/** POST /contact-lists/:id/add-tag: the company's contacts with a tag become items of the list. */
export const ContactListAddTagBody = z.object({ tagId: idParam });
export const ContactListImportDto = z.object({ importStatus: z.string(), fileName: z.string() });

// ─── Campaign settings ───────────────────────────────────────────────────────

const hour = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, V.invalid);
export const CampaignSettingsDto = z.object({
  messageInterval: z.number(),
  longerIntervalAfter: z.number(),
  greaterInterval: z.number(),
  variables: z.array(z.object({ key: z.string(), value: z.string() })),
  sabado: z.boolean(),
  domingo: z.boolean(),
  startHour: z.string(),
  endHour: z.string(),
});
export type CampaignSettingsDto = z.infer<typeof CampaignSettingsDto>;
/** POST /campaign-settings with a settings object (seed 002 §7); every field optional, values from the option lists. */
export const CampaignSettingsBody = z.object({
  settings: z.object({
    messageInterval: z.coerce.number().int().min(0, V.min0).max(3600, V.invalid).optional(),
    longerIntervalAfter: z.coerce.number().int().min(0, V.min0).max(10_000, V.invalid).optional(),
    greaterInterval: z.coerce.number().int().min(0, V.min0).max(3600, V.invalid).optional(),
    variables: z
      .array(
        z.object({
          key: z
            .string()
            .trim()
            .regex(/^[\w.-]{1,40}$/, V.invalid),
          value: z.string().max(1000, V.tooLong),
        }),
      )
      .max(50, V.tooLong)
      .optional(),
    sabado: boolParam.optional(),
    domingo: boolParam.optional(),
    startHour: hour.optional(),
    endHour: hour.optional(),
  }),
});
export type CampaignSettingsBody = z.infer<typeof CampaignSettingsBody>;

// ─── Campaigns ───────────────────────────────────────────────────────────────

const text = z
  .string()
  .max(10_000, V.tooLong)
  .refine(knownPlaceholders.check, knownPlaceholders.message)
  .nullish()
  .transform((v) => v ?? '');
const optionalId = z.preprocess((v) => (v === '' || v === 0 || v === '0' ? null : v), idParam.nullable().optional());
/** 'YYYY-MM-DD HH:mm:ss' (seed 002 §5, local time of the company) or ISO; '' is none. */
const dateField = z.preprocess((v) => (v === '' ? null : v), z.union([z.null(), z.coerce.date({ error: V.invalid })]).optional());

/**
 * The approved Cloud API template a variant sends instead of its text (issue 36). Each variable's value is a text in
 * which the campaign's variables are filled per recipient like in a message: `{nome}`, `{numero}`, `{email}` (the
 * contact list's columns), the company's own variables, or fixed text.
 */
export const CampaignTemplate = TemplateSendBody.extend({
  parameters: z.record(z.string().max(20), z.array(z.string().trim().max(1024, V.tooLong)).max(20)).default({}),
});
export type CampaignTemplate = z.infer<typeof CampaignTemplate>;
/** The campaign's variables that read a contact-list column, as the template picker offers them. */
export const CAMPAIGN_LIST_COLUMNS = ['nome', 'numero', 'email'] as const;

export const CampaignBody = z
  .object({
    name: nameField(),
    message1: text,
    message2: text,
    message3: text,
    message4: text,
    message5: text,
    confirmationMessage1: text,
    confirmationMessage2: text,
    confirmationMessage3: text,
    confirmationMessage4: text,
    confirmationMessage5: text,
    confirmation: boolParam.optional().default(false),
    scheduledAt: dateField,
    contactListId: optionalId,
    tagListId: optionalId,
    whatsappId: z.preprocess((v) => (v === '' ? undefined : v), idParam.optional()),
    userId: optionalId,
    queueId: optionalId,
    statusTicket: z.enum(CAMPAIGN_TICKET_STATUSES, { error: V.invalid }).optional().default('closed'),
    openTicket: z.enum(CAMPAIGN_OPEN_TICKET, { error: V.invalid }).optional().default('disabled'),
    isRecurrent: boolParam.optional().default(false),
    recurrenceInterval: z.coerce.number().int().min(1, V.invalid).max(365, V.invalid).optional().default(30),
    recurrenceCount: z.coerce.number().int().min(0, V.min0).max(1000, V.invalid).optional().default(0),
    recurrenceEndDate: dateField,
    /** Per variant (index 0 = variant 1): the template it sends on a Cloud API connection, or null (its text). */
    templates: z.array(CampaignTemplate.nullable()).max(5, V.invalid).optional().default([]),
  })
  .superRefine((b, ctx) => {
    if (!b.whatsappId) ctx.addIssue({ code: 'custom', path: ['whatsappId'], message: V.required });
    if (b.userId && !b.queueId) ctx.addIssue({ code: 'custom', path: ['queueId'], message: V.required });
    if (![b.message1, b.message2, b.message3, b.message4, b.message5].some((m) => m.trim()) && !b.templates.some(Boolean))
      ctx.addIssue({ code: 'custom', path: ['message1'], message: V.required });
  });
export type CampaignBody = z.input<typeof CampaignBody>;

export const CampaignPageQuery = z.object({ searchParam: search, pageNumber });
const ref = z.object({ id: z.number(), name: z.string() }).nullable();
export const CampaignDto = z.object({
  id: z.number(),
  name: z.string(),
  message1: z.string(),
  message2: z.string(),
  message3: z.string(),
  message4: z.string(),
  message5: z.string(),
  confirmationMessage1: z.string(),
  confirmationMessage2: z.string(),
  confirmationMessage3: z.string(),
  confirmationMessage4: z.string(),
  confirmationMessage5: z.string(),
  status: z.enum(CAMPAIGN_STATUSES),
  confirmation: z.boolean(),
  scheduledAt: z.date().nullable(),
  completedAt: z.date().nullable(),
  contactListId: z.number().nullable(),
  contactList: ref,
  tagListId: z.number().nullable(),
  whatsappId: z.number().nullable(),
  whatsapp: ref,
  userId: z.number().nullable(),
  queueId: z.number().nullable(),
  statusTicket: z.string(),
  openTicket: z.string(),
  mediaPath: z.string().nullable(),
  mediaName: z.string().nullable(),
  mediaUrl: z.string().nullable(),
  isRecurrent: z.boolean(),
  recurrenceInterval: z.number(),
  recurrenceCount: z.number(),
  recurrenceEndDate: z.date().nullable(),
  recurrenceExecuted: z.number(),
  templates: z.array(CampaignTemplate.nullable()),
  run: z.number(),
  editable: z.boolean(),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type CampaignDto = z.infer<typeof CampaignDto>;
export const CampaignPageDto = z.object({ records: z.array(CampaignDto), hasMore: z.boolean(), count: z.number() });

// ─── Report ──────────────────────────────────────────────────────────────────

export const CampaignTotalsDto = z.object({
  recipients: z.number(),
  pending: z.number(),
  sent: z.number(),
  delivered: z.number(),
  read: z.number(),
  replied: z.number(),
  failed: z.number(),
  confirmationRequested: z.number(),
  confirmed: z.number(),
  failedReasons: z.array(z.object({ reason: z.string(), count: z.number() })),
});
export type CampaignTotalsDto = z.infer<typeof CampaignTotalsDto>;
export const CampaignReportDto = z.object({
  campaign: CampaignDto,
  totals: CampaignTotalsDto,
  /** Sends per minute bucket of the run: cumulative sent / delivered / read. */
  timeline: z.array(z.object({ at: z.date(), sent: z.number(), delivered: z.number(), read: z.number() })),
});
export type CampaignReportDto = z.infer<typeof CampaignReportDto>;
export const CampaignShippingQuery = z.object({
  searchParam: search,
  pageNumber,
  status: z.enum(SHIPPING_STATUSES).optional(),
  run: z.coerce.number().int().min(1).optional(),
});
export const CampaignShippingDto = z.object({
  id: z.number(),
  run: z.number(),
  number: z.string(),
  name: z.string(),
  email: z.string(),
  status: z.enum(SHIPPING_STATUSES),
  variant: z.number(),
  body: z.string().nullable(),
  confirmationRequestedAt: z.date().nullable(),
  confirmedAt: z.date().nullable(),
  sentAt: z.date().nullable(),
  deliveredAt: z.date().nullable(),
  readAt: z.date().nullable(),
  repliedAt: z.date().nullable(),
  failedReason: z.string().nullable(),
  ticketId: z.number().nullable(),
});
export type CampaignShippingDto = z.infer<typeof CampaignShippingDto>;
export const CampaignShippingPageDto = z.object({
  records: z.array(CampaignShippingDto),
  hasMore: z.boolean(),
  count: z.number(),
});
