import {
  type CompanySettingColumn,
  type CompanySettings,
  companySettingValueSchema,
  DOWNLOAD_LIMIT_OPTIONS_MB,
  defaultSchedules,
  GLOBAL_SETTING_DEFAULTS,
  isReadableSettingKey,
  PUBLIC_SETTING_KEYS,
  REQUIRED_WHILE,
  type ScheduleRowDto,
  SECRET_SETTING_KEYS,
  V,
} from '@atendo/shared';
import type { TenantContext } from '../../platform/context';
import type { CoreDeps } from '../../platform/deps';
import { AppError, fieldError } from '../../platform/errors';
import { recordAudit } from '../audit/audit.public';
import { findCompanySettings } from './settings.public';
import * as repo from './settings.repository';

/** Secrets leave the server only as a hint of their last characters. */
export const maskSecret = (value: string) => (value ? `••••${value.slice(-4)}` : '');

const GLOBAL_RULES: Record<string, (v: string) => boolean> = {
  userCreation: (v) => v === 'enabled' || v === 'disabled',
  allowSignup: (v) => v === 'enabled' || v === 'disabled',
  requireTwoFactorAdmins: (v) => v === 'enabled' || v === 'disabled',
  auditRetentionDays: (v) => /^\d{1,4}$/.test(v) && Number(v) >= 1 && Number(v) <= 3650,
  downloadLimit: (v) => (DOWNLOAD_LIMIT_OPTIONS_MB as readonly number[]).includes(Number(v)),
  primaryColorLight: (v) => /^#[0-9a-fA-F]{6}$/.test(v),
  primaryColorDark: (v) => /^#[0-9a-fA-F]{6}$/.test(v),
  appName: (v) => v.length <= 50,
  typebotUrl: (v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v),
};

export function createSettingsService(deps: CoreDeps) {
  const { db } = deps.database;

  async function companySettingsOf(companyId: number): Promise<CompanySettings> {
    const s = await findCompanySettings(db, { companyId });
    if (!s) throw new AppError('ERR_NO_SETTING_FOUND', 404);
    return s;
  }

  return {
    /** Super admins see every global key (secrets masked); admins the ones that shape their work. */
    async listGlobal(ctx: TenantContext) {
      const rows = await repo.listGlobalSettings(db);
      const values = { ...GLOBAL_SETTING_DEFAULTS, ...Object.fromEntries(rows.map((r) => [r.key, r.value])) };
      const visible = ctx.user.super ? Object.keys(values) : ['userCreation', 'downloadLimit', ...PUBLIC_SETTING_KEYS];
      return visible.map((key) => ({
        key,
        value: SECRET_SETTING_KEYS.includes(key) ? maskSecret(values[key] ?? '') : (values[key] ?? ''),
      }));
    },

    async updateGlobal(ctx: TenantContext, key: string, value: string) {
      if (!Object.hasOwn(GLOBAL_SETTING_DEFAULTS, key)) throw new AppError('ERR_NO_SETTING_FOUND', 404);
      const rule = GLOBAL_RULES[key];
      if (rule && !rule(value)) throw fieldError('value', V.invalid);
      const previous = await repo.getGlobalSetting(db, key);
      await repo.setGlobalSetting(db, key, value);
      const shown = (v: string | null) => (SECRET_SETTING_KEYS.includes(key) ? maskSecret(v ?? '') : v);
      recordAudit(deps, ctx, {
        action: 'setting.update',
        entity: 'setting',
        entityId: key,
        before: { [key]: shown(previous) },
        after: { [key]: shown(value) },
      });
      return { key, value: SECRET_SETTING_KEYS.includes(key) ? maskSecret(value) : value };
    },

    /** One key: a company setting column of the caller's company, or a non-secret global key. */
    async readOne(ctx: TenantContext, key: string) {
      const company = await companySettingsOf(ctx.companyId);
      if (!isReadableSettingKey(key)) throw new AppError('ERR_NO_SETTING_FOUND', 404);
      // Own keys only: `constructor`, `__proto__` … are inherited names, not settings.
      if (Object.hasOwn(company, key)) return { key, value: company[key as CompanySettingColumn] };
      if (Object.hasOwn(GLOBAL_SETTING_DEFAULTS, key) && !SECRET_SETTING_KEYS.includes(key)) {
        return { key, value: (await repo.getGlobalSetting(db, key)) ?? '' };
      }
      throw new AppError('ERR_NO_SETTING_FOUND', 404);
    },

    /** Company service hours (schedules tab, scheduleType company): the caller's company only. */
    async companySchedules(ctx: TenantContext, companyId: number) {
      if (companyId !== ctx.companyId) throw new AppError('ERR_NO_COMPANY_FOUND', 404);
      const schedules = await repo.findCompanySchedules(db, ctx);
      return { id: ctx.companyId, schedules: schedules?.length ? schedules : defaultSchedules() };
    },

    async updateCompanySchedules(ctx: TenantContext, companyId: number, schedules: ScheduleRowDto[]) {
      if (companyId !== ctx.companyId) throw new AppError('ERR_NO_COMPANY_FOUND', 404);
      await repo.updateCompanySchedules(db, ctx, schedules);
      await deps.events.publish('setup.changed', { companyId: ctx.companyId });
      return { id: ctx.companyId, schedules };
    },

    async listCompany(ctx: TenantContext, companyId: number) {
      if (companyId !== ctx.companyId && !ctx.user.super) throw new AppError('ERR_NO_SETTING_FOUND', 404);
      return companySettingsOf(companyId);
    },

    async updateCompany(ctx: TenantContext, column: CompanySettingColumn, data: string) {
      const parsed = companySettingValueSchema(column).safeParse(data);
      if (!parsed.success) throw fieldError('data', parsed.error.issues[0]?.message ?? V.invalid);
      const current = await companySettingsOf(ctx.companyId);
      const next = { ...current, [column]: parsed.data };
      // Either way round: the message cannot be emptied while its switch uses it, nor the switch
      // turned to use it while the message is empty (write the message first).
      for (const rule of REQUIRED_WHILE) {
        if ((rule.text === column || rule.switch === column) && next[rule.switch] === rule.when && !next[rule.text].trim()) {
          throw fieldError('data', V.requiredWhileEnabled);
        }
      }
      await repo.updateCompanySetting(db, ctx, column, parsed.data);
      recordAudit(deps, ctx, {
        action: 'companySetting.update',
        entity: 'companySetting',
        entityId: column,
        before: { [column]: current[column] },
        after: { [column]: parsed.data },
      });
      await deps.events.publish('setup.changed', { companyId: ctx.companyId });
      return { column, data: parsed.data };
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
