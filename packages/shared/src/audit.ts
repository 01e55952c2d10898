import { z } from 'zod';
import { LANGUAGES } from './users';
import { idParam, V } from './validation';

/** The administrative actions the audit log records (issue 34 item 3): `<what>.<verb>`. */
export const AUDIT_ACTIONS = [
  'user.create',
  'user.update',
  'user.delete',
  'user.sessionsEnd',
  'user.twoFactorReset',
  'setting.update',
  'companySetting.update',
  'queue.create',
  'queue.update',
  'queue.delete',
  'connection.create',
  'connection.update',
  'connection.delete',
  'integration.create',
  'integration.update',
  'integration.delete',
  'contact.delete',
  'contact.export',
  'contact.erase',
  'plan.create',
  'plan.update',
  'plan.delete',
  'company.create',
  'company.update',
  'company.delete',
  'company.export',
  'chatbot.create',
  'chatbot.update',
  'chatbot.delete',
  'tag.create',
  'tag.update',
  'tag.delete',
  'quickMessage.create',
  'quickMessage.update',
  'quickMessage.delete',
  'campaign.create',
  'campaign.update',
  'campaign.delete',
  'campaign.cancel',
  'campaign.restart',
  'campaign.export',
  'campaignSetting.update',
  'contactList.create',
  'contactList.update',
  'contactList.delete',
  'contactListItem.delete',
  'schedule.delete',
  'ticket.delete',
  'ticketNote.delete',
  'fileList.delete',
  'announcement.create',
  'announcement.update',
  'announcement.delete',
  'prompt.create',
  'prompt.update',
  'prompt.delete',
  'webhook.create',
  'webhook.update',
  'webhook.pause',
  'webhook.resume',
  'webhook.delete',
  'webhook.secretRead',
  'invoice.charge',
  'report.export',
  'satisfaction.export',
  'audit.export',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Days an entry is kept when the super admin set nothing (global setting auditRetentionDays). */
export const AUDIT_RETENTION_DAYS_DEFAULT = 365;
export const AUDIT_PAGE_SIZE = 50;

export const AuditLogDto = z.object({
  id: z.number(),
  companyId: z.number(),
  userId: z.number().nullable(),
  userName: z.string(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  ip: z.string().nullable(),
  /** What the record was and became; secrets masked ('••••'). */
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
});
export type AuditLogDto = z.infer<typeof AuditLogDto>;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, V.invalid);
/** GET /audit-logs and /audit-logs/export: a company's entries (the super admin: any company's, or all). */
export const AuditLogQuery = z.object({
  from: day.optional(),
  to: day.optional(),
  userId: idParam.optional(),
  action: z.enum(AUDIT_ACTIONS, { error: V.invalid }).optional(),
  /** Super admin only; others always see their own company. */
  companyId: idParam.optional(),
  pageNumber: z.coerce.number({ error: V.invalid }).int(V.invalid).min(1, V.invalid).max(100_000, V.invalid).default(1),
});
export type AuditLogQuery = z.infer<typeof AuditLogQuery>;
/** GET /audit-logs/export: the filters and the language of the sheet's headers (the UI's). */
export const AuditLogExportQuery = AuditLogQuery.extend({ lang: z.enum(LANGUAGES).optional() });
export type AuditLogExportQuery = z.infer<typeof AuditLogExportQuery>;
export const AuditLogListDto = z.object({ records: z.array(AuditLogDto), hasMore: z.boolean() });
export type AuditLogListDto = z.infer<typeof AuditLogListDto>;

/** Field names whose values are secrets: written to the log as a mask, never as they are. */
export const SECRET_FIELD_PATTERN = /pass(word)?|secret|token|key|hash|credential/i;
export const AUDIT_MASK = '••••';
