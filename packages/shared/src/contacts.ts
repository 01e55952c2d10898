import { z } from 'zod';
import { CONTACT_CHANNELS } from './messaging';
import {
  CONTACT_NUMBER_MAX,
  CONTACT_NUMBER_MIN,
  canonicalPhoneNumber,
  isPhoneContact,
  isValidPhoneNumber,
  normalizePhoneNumber,
  phoneNumberProblem,
} from './phone';
import { boolParam, idListParam, TagRefDto } from './tickets';
import { idParam, V } from './validation';

/** Seed 000 §5 / §9: contact name 2–250 on the contacts page, 2–50 in the ticket-side form. */
export const CONTACT_NAME_MAX_PAGE = 250;
export const CONTACT_NAME_MAX_TICKET = 50;
export const CONTACTS_PAGE_SIZE = 20;
/** GET /contacts/list answers at most this many (selectors search from 3 characters). */
export const CONTACTS_LIST_LIMIT = 500;
/** Rows of an uploaded spreadsheet sent back for the mapping screen; the import job reads the whole file. */
export const IMPORT_PREVIEW_ROWS = 2000;
/** Rows one import may hold. */
export const IMPORT_MAX_ROWS = 200_000;
/** The seed's client: one row every 330 ms, progress shown every 5 rows (POST /contactsImport). */
export const IMPORT_ROW_INTERVAL_MS = 330;
export const IMPORT_PROGRESS_EVERY = 5;

export const contactNameField = (max = CONTACT_NAME_MAX_PAGE) =>
  z.string({ error: V.required }).trim().min(1, { error: V.required, abort: true }).min(2, V.tooShort).max(max, V.tooLong);

/**
 * Country code + area code + number, digits only (seed 000 §5); a masked number is normalised first. A phone
 * number (`phone`, the default) must also be valid for its country (decision 111) and is stored canonical (a
 * Brazilian mobile with its ninth digit); `phone: false` is the digits-only rule alone, for numbers that may be a
 * group's or a Facebook/Instagram id (the contact edit, checked as a phone on the server when the contact is one).
 */
export const contactNumberField = ({ phone = true }: { phone?: boolean } = {}) => {
  const digits = z
    .string({ error: V.required })
    .trim()
    .min(1, { error: V.required, abort: true })
    .overwrite(normalizePhoneNumber)
    .regex(/^\d+$/, { error: V.contactNumberFormat, abort: true })
    .min(CONTACT_NUMBER_MIN, { error: V.tooShort, abort: true })
    .max(CONTACT_NUMBER_MAX, { error: V.tooLong, abort: true });
  return phone ? digits.overwrite(canonicalPhoneNumber).refine(isValidPhoneNumber, V.contactNumberInvalid) : digits;
};

/** Optional e-mail: empty means none. */
export const contactEmailField = () =>
  z.union([z.literal(''), z.string().trim().max(254, V.tooLong).email(V.invalidEmail).toLowerCase()], { error: V.invalidEmail });

export const ExtraInfoInput = z.object({
  id: idParam.optional(),
  name: z.string({ error: V.required }).trim().min(1, V.required).max(100, V.tooLong),
  value: z.string().trim().max(2000, V.tooLong).default(''),
});

/** The contact form (page: names up to 250; ticket side: up to 50). */
export const contactFormSchema = (nameMax = CONTACT_NAME_MAX_PAGE, opts: { phone?: boolean } = {}) =>
  z.object({
    name: contactNameField(nameMax),
    number: contactNumberField(opts),
    email: contactEmailField().optional().default(''),
    extraInfo: z.array(ExtraInfoInput).max(50, V.tooLong).optional(),
  });

/**
 * The edit form of a stored contact (decision 111): its number, sent back unchanged, is not checked again — a number
 * WhatsApp gave (a Brazilian mobile without its ninth digit, a range the metadata does not know) stays as it is; a
 * changed number of a phone contact must be valid for its country. The server canonicalises what changed.
 */
export const contactEditSchema = (
  current: { number: string; channel: string; isGroup: boolean },
  nameMax = CONTACT_NAME_MAX_PAGE,
) =>
  contactFormSchema(nameMax, { phone: false }).superRefine((v, ctx) => {
    if (v.number === current.number || !isPhoneContact(current)) return;
    const problem = phoneNumberProblem(canonicalPhoneNumber(v.number));
    if (problem) ctx.addIssue({ code: 'custom', path: ['number'], message: problem });
  });

/** POST /contacts (seed 000 §7: name, number, email; plus extra info rows). */
export const CreateContactBody = contactFormSchema(CONTACT_NAME_MAX_PAGE).extend({
  acceptAudioMessage: z.boolean().optional(),
  disableBot: z.boolean().optional(),
});
export type CreateContactBody = z.infer<typeof CreateContactBody>;

/** PUT /contacts/:id: what is sent changes; extraInfo, when sent, becomes exactly those rows. */
export const UpdateContactBody = z.object({
  name: contactNameField().optional(),
  number: contactNumberField({ phone: false }).optional(),
  email: contactEmailField().optional(),
  extraInfo: z.array(ExtraInfoInput).max(50, V.tooLong).optional(),
  acceptAudioMessage: z.boolean().optional(),
  disableBot: z.boolean().optional(),
});
export type UpdateContactBody = z.infer<typeof UpdateContactBody>;

export const BlockContactBody = z.object({ active: boolParam });

export const ContactIdParam = z.object({ contactId: idParam });
export const ContactNumberParam = z.object({
  number: z
    .string()
    .trim()
    .regex(/^\d{5,50}$/, V.invalid),
});

/** GET /contacts (seed 000 §7). `contactTag` is a JSON list of tag ids (or comma text). */
export const ContactListQuery = z.object({
  searchParam: z.string().trim().max(200, V.tooLong).optional(),
  pageNumber: z.coerce.number({ error: V.invalid }).int(V.invalid).min(1, V.invalid).max(100_000, V.invalid).default(1),
  pageSize: z.coerce
    .number({ error: V.invalid })
    .int(V.invalid)
    .min(1, V.invalid)
    .max(200, V.invalid)
    .default(CONTACTS_PAGE_SIZE),
  contactTag: idListParam,
  channel: z.enum(CONTACT_CHANNELS, { error: V.invalid }).optional(),
  isGroup: boolParam.optional(),
});
export type ContactListQuery = z.infer<typeof ContactListQuery>;

export const ContactsListQuery = z.object({ searchParam: z.string().trim().max(200, V.tooLong).optional() });

/** GET /contacts/export: the UI language the spreadsheet is written in (unknown values fall back to Accept-Language). */
export const ContactsExportQuery = z.object({ lang: z.string().max(10).optional() });

export const ContactExtraInfo = z.object({ id: z.number(), name: z.string(), value: z.string() });

/** A contact as the contact book, the drawer and the events carry it. The number is masked for profile users under LGPD. */
export const ContactItemDto = z.object({
  id: z.number(),
  uuid: z.string(),
  name: z.string(),
  number: z.string(),
  email: z.string(),
  urlPicture: z.string(),
  active: z.boolean(),
  acceptAudioMessage: z.boolean(),
  disableBot: z.boolean(),
  lgpdAcceptedAt: z.date().nullable(),
  channel: z.string(),
  isGroup: z.boolean(),
  whatsappId: z.number().nullable(),
  /** The connection (id and name) beside whatsappId, as the seeds' client lists it (`contact.whatsapp`). */
  whatsapp: z.object({ id: z.number(), name: z.string() }).nullable(),
  tags: z.array(TagRefDto),
  extraInfo: z.array(ContactExtraInfo).optional(),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type ContactItemDto = z.infer<typeof ContactItemDto>;

export const ContactPageDto = z.object({ contacts: z.array(ContactItemDto), hasMore: z.boolean(), count: z.number() });
export type ContactPageDto = z.infer<typeof ContactPageDto>;

export const ContactRefDto = z.object({ id: z.number(), name: z.string(), number: z.string(), channel: z.string() });
export type ContactRefDto = z.infer<typeof ContactRefDto>;

export const ContactProfileDto = z.object({ contactId: z.number(), urlPicture: z.string() });

// ─── Import (seed 000 §5, §7) ───────────────────────────────────────────────

/** POST /contactsImport: one row as the seed's client sends it; 200 counts as created. */
export const ContactImportRowBody = z.object({
  name: z.coerce.string().trim().max(CONTACT_NAME_MAX_PAGE, V.tooLong).optional().default(''),
  number: z.coerce.string().trim().max(200, V.tooLong).optional().default(''),
  email: z.coerce.string().trim().max(254, V.tooLong).optional().default(''),
  validateContact: z.union([z.enum(['true', 'false']), z.boolean()]).optional(),
});
export type ContactImportRowBody = z.infer<typeof ContactImportRowBody>;

export const ContactImportRowResult = z.object({
  outcome: z.enum(['created', 'updated', 'ignored']),
  contact: ContactItemDto.nullable(),
});

/** POST /contacts/upload: the file's header row and its first rows for the mapping screen. */
export const ContactUploadDto = z.object({
  importId: z.number(),
  fileName: z.string(),
  columns: z.array(z.string()),
  rows: z.array(z.array(z.string())),
  total: z.number(),
});
export type ContactUploadDto = z.infer<typeof ContactUploadDto>;

const columnIndex = z.coerce.number({ error: V.invalid }).int(V.invalid).min(0, V.invalid).max(500, V.invalid);

/** Column mapping (seed 000 §5): number and name required, a column mapped once. */
export const ContactImportMapping = z
  .object({
    number: columnIndex.optional(),
    name: columnIndex.optional(),
    email: columnIndex.optional(),
    /** A column of tag names (comma separated). */
    tags: columnIndex.optional(),
  })
  .superRefine((m, ctx) => {
    if (m.number === undefined) ctx.addIssue({ code: 'custom', path: ['number'], message: V.importNumberColumn });
    if (m.name === undefined) ctx.addIssue({ code: 'custom', path: ['name'], message: V.importNameColumn });
    const seen = new Set<number>();
    for (const key of ['number', 'name', 'email', 'tags'] as const) {
      const col = m[key];
      if (col === undefined) continue;
      if (seen.has(col)) ctx.addIssue({ code: 'custom', path: [key], message: V.importColumnTwice });
      seen.add(col);
    }
  });
export type ContactImportMapping = z.infer<typeof ContactImportMapping>;

/** POST /contacts/import: a whole uploaded file as a background job. `rows` (data-row indexes) limits it to a selection. */
export const ContactImportBody = z.object({
  importId: idParam,
  mapping: ContactImportMapping,
  rows: z.array(z.number().int().min(0).max(IMPORT_MAX_ROWS)).max(IMPORT_MAX_ROWS).min(1, V.importNoRows).optional(),
});
export type ContactImportBody = z.infer<typeof ContactImportBody>;

export const CONTACT_IMPORT_STATUSES = ['uploaded', 'queued', 'running', 'done', 'failed'] as const;

/** A refused row: its data-row number (1 = first row under the header), the field and a V key. */
export const ContactImportError = z.object({ row: z.number(), field: z.string(), message: z.string() });

/** An import's progress and summary (also the payload of the `contactImport` event). */
export const ContactImportDto = z.object({
  id: z.number(),
  fileName: z.string(),
  status: z.enum(CONTACT_IMPORT_STATUSES),
  total: z.number(),
  processed: z.number(),
  created: z.number(),
  updated: z.number(),
  ignored: z.number(),
  failed: z.number(),
  /** The first 100 refused rows. */
  errors: z.array(ContactImportError),
  createdAt: z.date(),
  finishedAt: z.date().nullable(),
});
export type ContactImportDto = z.infer<typeof ContactImportDto>;

export const ContactImportIdParam = z.object({ importId: idParam });

/** POST /contacts/import/chats: a connected WhatsApp (QR) session's chats become contacts. */
export const ImportChatsBody = z.object({ whatsappId: idParam.optional() });
export const ImportChatsResult = z.object({ created: z.number(), updated: z.number(), total: z.number() });
