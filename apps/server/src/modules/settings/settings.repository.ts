import {
  COMPANY_SETTING_COLUMNS,
  type CompanySettingColumn,
  type CompanySettings,
  GLOBAL_SETTING_DEFAULTS,
  type ScheduleRowDto,
} from '@atendo/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/open';
import { companies, companySettings, settings } from '../../db/schema';
import type { Tenant } from '../../platform/context';

export async function getGlobalSetting(db: Db, key: string): Promise<string | null> {
  const row = await db.query.settings.findFirst({ where: eq(settings.key, key) });
  return row?.value ?? GLOBAL_SETTING_DEFAULTS[key] ?? null;
}

export async function setGlobalSetting(db: Db, key: string, value: string) {
  await db
    .insert(settings)
    .values({ key, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: sql`now()` } });
}

/** Global defaults are written once so a super admin sees every key in the settings tab. */
export async function ensureGlobalDefaults(db: Db) {
  const rows = Object.entries(GLOBAL_SETTING_DEFAULTS).map(([key, value]) => ({ key, value }));
  await db.insert(settings).values(rows).onConflictDoNothing();
}

/** A company's settings as the API answers them (every value a string). */
export async function findCompanySettings(db: Db, { companyId }: Tenant): Promise<CompanySettings | null> {
  const row = await db.query.companySettings.findFirst({ where: eq(companySettings.companyId, companyId) });
  if (!row) return null;
  const out = {} as CompanySettings;
  for (const col of COMPANY_SETTING_COLUMNS) out[col] = String(row[col]);
  return out;
}

export function listGlobalSettings(db: Db) {
  return db.select({ key: settings.key, value: settings.value }).from(settings);
}

export async function updateCompanySetting(db: Db, { companyId }: Tenant, column: CompanySettingColumn, value: string) {
  await db
    .update(companySettings)
    .set({ [column]: value, updatedAt: new Date() })
    .where(eq(companySettings.companyId, companyId));
}

export async function findCompanySchedules(db: Db, { companyId }: Tenant) {
  const row = await db.query.companies.findFirst({ columns: { schedules: true }, where: eq(companies.id, companyId) });
  return row?.schedules ?? null;
}

export async function updateCompanySchedules(db: Db, { companyId }: Tenant, schedules: ScheduleRowDto[]) {
  await db.update(companies).set({ schedules, updatedAt: new Date() }).where(eq(companies.id, companyId));
}
