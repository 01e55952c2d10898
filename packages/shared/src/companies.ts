import { z } from 'zod';
import { PLATFORM_COMPANY_ID, PLATFORM_DUE_DATE, RECURRENCES, type Recurrence } from './constants';
import { boolParam } from './tickets';
import { type CalendarDay, calendarDay, dayIn, daysBetween, storedDay } from './time';
import { idParam, passwordField, V } from './validation';

/** The recurrence values of a company's subscription (their months are RECURRENCES, seed 001 §3). */
export const RECURRENCE_VALUES = Object.keys(RECURRENCES) as Recurrence[];

export const COMPANIES_PAGE_SIZE = 20;

/** Days before the due date a company's row turns yellow (seed 001 §9: 1 to 5; 0 or past is red). */
export const COMPANY_DUE_WARNING_DAYS = 5;

export interface CompanyDue {
  id: number;
  dueDate: string | Date | null;
}

/** A company's due date as a calendar day (issue 30 item 2); the platform's company has its far one; null: none. */
export function companyDueDay(company: CompanyDue): CalendarDay | null {
  return calendarDay(company.id === PLATFORM_COMPANY_ID ? PLATFORM_DUE_DATE : company.dueDate);
}

/**
 * Whole days from today on the company's clock to its due day: 0 on the due day, negative once it is over; null
 * without a due date.
 */
export function daysUntilDueDay(company: CompanyDue, now: Date, timeZone: string | null | undefined): number | null {
  const due = companyDueDay(company);
  return due === null ? null : daysBetween(dayIn(now, timeZone), due);
}

/**
 * The one expiry rule of server and web: a company is active through its due day on its own clock ("Ativo até
 * 27/12" holds until 27/12 ends there) and expired after; the platform's company and one without a due date never.
 */
export function isCompanyExpired(company: CompanyDue, now: Date, timeZone: string | null | undefined): boolean {
  const days = daysUntilDueDay(company, now, timeZone);
  return days !== null && days < 0;
}

/** The due-date state of a companies-table row from the whole days left (null: no due date). */
export function companyDueState(daysLeft: number | null): 'ok' | 'warning' | 'expired' {
  if (daysLeft === null) return 'ok';
  if (daysLeft <= 0) return 'expired';
  return daysLeft <= COMPANY_DUE_WARNING_DAYS ? 'warning' : 'ok';
}

const optionalText = (max: number) =>
  z.preprocess((v) => (v === null ? '' : v), z.string({ error: V.invalid }).trim().max(max, V.tooLong).optional());
const counter = z.coerce.number({ error: V.invalid }).int(V.invalid).min(1, V.invalid).max(100_000, V.invalid);
/** A day (YYYY-MM-DD) or an ISO timestamp, kept as its calendar day (UTC midnight, issue 30 item 2); empty or null clears it. */
const dueDateField = z.preprocess(
  (v) => (v === '' ? null : v),
  z.coerce
    .date({ error: V.invalid })
    .refine((d) => d.getUTCFullYear() >= 2000 && d.getUTCFullYear() <= 2999, V.invalid)
    .transform((d) => storedDay(calendarDay(d) as CalendarDay))
    .nullable()
    .optional(),
);

const companyFields = {
  // Seed 001 §2's own texts: 'Nome é obrigatório', 'E-mail é obrigatório', 'Email é inválido'.
  name: z.string({ error: V.companyNameRequired }).trim().min(1, V.companyNameRequired).min(2, V.tooShort).max(50, V.tooLong),
  email: z
    .string({ error: V.companyEmailRequired })
    .trim()
    .min(1, V.companyEmailRequired)
    .max(254, V.tooLong)
    .email(V.companyEmailInvalid)
    .toLowerCase(),
  phone: optionalText(30),
  planId: z.preprocess((v) => (v === '' || v === null ? undefined : v), idParam),
  status: boolParam.optional(),
  document: optionalText(30),
  dueDate: dueDateField,
  recurrence: z.enum(RECURRENCE_VALUES as [Recurrence, ...Recurrence[]], { error: V.invalid }).optional(),
  paymentMethod: optionalText(50),
  numberAttendants: counter.optional(),
  numberConections: counter.optional(),
  addressStreet: optionalText(200),
  addressState: optionalText(100),
  addressCity: optionalText(100),
};

/** POST /companies: the company and its first admin (e-mail of the company, password passwordDefault). */
export const CreateCompanyBody = z.object({ ...companyFields, password: passwordField() });
export type CreateCompanyBody = z.infer<typeof CreateCompanyBody>;

/** PUT /companies/:id: a password, when given, becomes the one of the company's admin with the company's e-mail. */
export const UpdateCompanyBody = z.object({
  ...companyFields,
  password: z.preprocess((v) => (v === '' || v === null ? undefined : v), passwordField().optional()),
});
export type UpdateCompanyBody = z.infer<typeof UpdateCompanyBody>;

export const CompanyIdParams = z.object({ companyId: idParam });

/** DELETE /companies/:id?confirm=<the company's name>: the typed confirmation, checked by the server too. */
export const DeleteCompanyQuery = z.object({
  confirm: z.string({ error: V.required }).trim().min(1, V.required).max(100, V.tooLong),
});

/** GET /companiesPlan/ (seed 001 §7): searchParam, pageNumber; answer companies, hasMore. */
export const CompanyPageQuery = z.object({
  searchParam: z.string().trim().max(100, V.tooLong).optional(),
  pageNumber: z.coerce.number({ error: V.invalid }).int(V.invalid).min(1, V.invalid).max(100_000, V.invalid).default(1),
});

export const CompanyDto = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  document: z.string().nullable(),
  status: z.boolean(),
  planId: z.number().nullable(),
  plan: z.object({ id: z.number(), name: z.string(), amount: z.number() }).nullable(),
  dueDate: z.string().nullable(),
  recurrence: z.string(),
  paymentMethod: z.string().nullable(),
  numberAttendants: z.number(),
  numberConections: z.number(),
  addressStreet: z.string().nullable(),
  addressState: z.string().nullable(),
  addressCity: z.string().nullable(),
  createdAt: z.string(),
  lastLogin: z.string().nullable(),
  /** Bytes of media the company stores, how many files, and when that last changed. */
  folderSize: z.number(),
  numberFileFolder: z.number(),
  updatedAtFolder: z.string().nullable(),
});
export type CompanyDto = z.infer<typeof CompanyDto>;

export const CompanyPageDto = z.object({ companies: z.array(CompanyDto), count: z.number(), hasMore: z.boolean() });
export type CompanyPageDto = z.infer<typeof CompanyPageDto>;
