import { z } from 'zod';
import { ScheduleRowSchema, ScheduleRowsInput } from './queues';

/** Company-level setting columns (seed 001 §3) with the value a new company gets. */
export const COMPANY_SETTING_DEFAULTS = {
  userRating: 'disabled',
  scheduleType: 'disabled',
  acceptCallWhatsapp: 'enabled',
  userRandom: 'disabled',
  sendGreetingMessageOneQueues: 'enabled',
  sendSignMessage: 'enabled',
  sendFarewellWaitingTicket: 'disabled',
  sendGreetingAccepted: 'disabled',
  sendQueuePosition: 'disabled',
  acceptAudioMessageContact: 'enabled',
  enableLGPD: 'disabled',
  requiredTag: 'disabled',
  lgpdDeleteMessage: 'disabled',
  lgpdHideNumber: 'disabled',
  lgpdConsent: 'disabled',
  lgpdMessage: '',
  lgpdLink: '',
  sendMsgTransfTicket: 'disabled',
  closeTicketOnTransfer: 'false',
  DirectTicketsToWallets: 'disabled',
  showNotificationPending: 'false',
  transferMessage: '',
  greetingAcceptedMessage: '',
  AcceptCallWhatsappMessage: '',
  sendQueuePositionMessage: '',
  /** 'enabled': every user of the company signs in with a second factor (issue 34). */
  requireTwoFactor: 'disabled',
} as const;

export type CompanySettingColumn = keyof typeof COMPANY_SETTING_DEFAULTS;
export const COMPANY_SETTING_COLUMNS = Object.keys(COMPANY_SETTING_DEFAULTS) as CompanySettingColumn[];
export type CompanySettings = { [K in CompanySettingColumn]: string };
/** GET /companySettings/:companyId: every column, as a string. */
export const CompanySettingsDto = z.object(
  Object.fromEntries(COMPANY_SETTING_COLUMNS.map((c) => [c, z.string()])) as Record<CompanySettingColumn, z.ZodString>,
);

/** Columns whose values are true/false rather than enabled/disabled (seed 001 §3). */
export const BOOLEAN_TEXT_COLUMNS: CompanySettingColumn[] = ['closeTicketOnTransfer', 'showNotificationPending'];
export const SCHEDULE_TYPES = ['disabled', 'queue', 'company', 'connection'] as const;

/** Global (platform) setting keys of seed 001 §3, plus allowSignup (seed 002 §2.17). */
export const GLOBAL_SETTING_DEFAULTS: Record<string, string> = {
  userCreation: 'enabled',
  downloadLimit: '64',
  allowSignup: 'enabled',
  appName: '',
  primaryColorLight: '#0000FF',
  primaryColorDark: '#39ACE7',
  appLogoLight: '',
  appLogoDark: '',
  appLogoFavicon: '',
  eficlientid: '',
  eficlientsecret: '',
  efichavepix: '',
  mpaccesstoken: '',
  stripeprivatekey: '',
  asaastoken: '',
  openaikeyaudio: '',
  /** The Typebot builder the /typebot page frames (no seed key: chosen here, see docs/decisions.md). */
  typebotUrl: '',
  /** 'enabled': every admin of every company (and the super admins) signs in with a second factor (issue 34). */
  requireTwoFactorAdmins: 'disabled',
  /** Days the audit log keeps an entry (issue 34 item 3). */
  auditRetentionDays: '365',
};
/** Global keys whose values are secrets: never sent back in full. */
export const SECRET_SETTING_KEYS = [
  'eficlientid',
  'eficlientsecret',
  'efichavepix',
  'mpaccesstoken',
  'stripeprivatekey',
  'asaastoken',
  'openaikeyaudio',
];

/** GET /public-settings/:key answers the bare value, as the seeds' client reads it (`data` is the colour itself). */
export const PublicSettingDto = z.string().nullable();
export type PublicSettingDto = z.infer<typeof PublicSettingDto>;
export const KeyValue = z.object({ key: z.string(), value: z.string() });
export type KeyValue = z.infer<typeof KeyValue>;

/** Text columns of the company settings; the others are switches. */
export const COMPANY_TEXT_COLUMNS: CompanySettingColumn[] = [
  'lgpdMessage',
  'lgpdLink',
  'transferMessage',
  'greetingAcceptedMessage',
  'AcceptCallWhatsappMessage',
  'sendQueuePositionMessage',
];

/** "Required while enabled" (seed 001 §5): a message that cannot be emptied while its switch says it is used. */
export const REQUIRED_WHILE: { text: CompanySettingColumn; switch: CompanySettingColumn; when: string }[] = [
  { text: 'transferMessage', switch: 'sendMsgTransfTicket', when: 'enabled' },
  { text: 'greetingAcceptedMessage', switch: 'sendGreetingAccepted', when: 'enabled' },
  { text: 'sendQueuePositionMessage', switch: 'sendQueuePosition', when: 'enabled' },
  { text: 'AcceptCallWhatsappMessage', switch: 'acceptCallWhatsapp', when: 'disabled' },
];

/** The values a column accepts. */
export function companySettingValueSchema(column: CompanySettingColumn) {
  if (COMPANY_TEXT_COLUMNS.includes(column)) return z.string().max(10_000, 'validation.tooLong');
  if (BOOLEAN_TEXT_COLUMNS.includes(column)) return z.enum(['true', 'false'], { error: 'validation.invalid' });
  if (column === 'scheduleType') return z.enum(SCHEDULE_TYPES, { error: 'validation.invalid' });
  return z.enum(['enabled', 'disabled'], { error: 'validation.invalid' });
}

export const UpdateCompanySettingBody = z.object({
  column: z.enum(Object.keys(COMPANY_SETTING_DEFAULTS) as [CompanySettingColumn, ...CompanySettingColumn[]], {
    error: 'validation.invalid',
  }),
  data: z.union([z.string(), z.boolean()]).transform((v) => String(v)),
});
/** PUT /companySettings answers the column and the value stored. */
export const UpdatedCompanySettingDto = z.object({ column: z.enum(COMPANY_SETTING_COLUMNS), data: z.string() });

/** Whether a key names a setting a company's user may read: an own column of the company, or a global key that is no secret. */
export function isReadableSettingKey(key: string): boolean {
  if (Object.hasOwn(COMPANY_SETTING_DEFAULTS, key)) return true;
  return Object.hasOwn(GLOBAL_SETTING_DEFAULTS, key) && !SECRET_SETTING_KEYS.includes(key);
}

/** GET /companySettingOne?column=X: only setting keys (never `__proto__`, `constructor` or another name). */
export const CompanySettingOneQuery = z.object({
  column: z
    .string()
    .min(1, 'validation.invalid')
    .max(100, 'validation.invalid')
    .refine(isReadableSettingKey, 'validation.invalid'),
});
/**
 * `{ column, value }` and `{ [column]: value }`: the seeds' client reads `data[column]` (signature toggle, greeting on
 * accept, required tag, schedules), Atendo's reads `value`.
 */
export const CompanySettingOneDto = z.object({ column: z.string(), value: z.string() }).catchall(z.string());
export type CompanySettingOneDto = z.infer<typeof CompanySettingOneDto>;

export const UpdateGlobalSettingBody = z.object({ value: z.string().max(2000, 'validation.tooLong') });
export const SettingDto = z.object({ key: z.string(), value: z.string() });

/** PUT /companies/{id}/schedules ({id, schedules}): the company's service hours, one row per weekday. */
export const CompanySchedulesBody = z.object({
  id: z.coerce.number().int().positive().optional(),
  schedules: ScheduleRowsInput,
});
export const CompanySchedulesDto = z.object({ id: z.number(), schedules: z.array(ScheduleRowSchema) });
