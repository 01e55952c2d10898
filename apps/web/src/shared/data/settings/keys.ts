import type { CompanySettingColumn } from '@atendo/shared';

/** Every query key of the settings domain. */
export const settingsKeys = {
  company: (companyId: number) => ['companySettings', companyId] as const,
  /** One column of the caller's company (GET /companySettingOne?column=). */
  column: (column: CompanySettingColumn) => ['companySetting', column] as const,
  global: ['settings', 'global'] as const,
  schedules: (companyId: number) => ['companySchedules', companyId] as const,
  /** GET /recovery/status (super admin): whether password recovery can send codes. */
  recoveryStatus: ['recovery', 'status'] as const,
};
