/**
 * What other modules may use of settings (docs/architecture.md, the module rule): a company's settings as the
 * API answers them. The settings module owns the table; nobody else reads it.
 */
import { COMPANY_SETTING_COLUMNS, type CompanySettings } from '@atendo/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/open';
import { companySettings } from '../../db/schema';

export async function findCompanySettings(db: Db, companyId: number): Promise<CompanySettings | null> {
  const row = await db.query.companySettings.findFirst({ where: eq(companySettings.companyId, companyId) });
  if (!row) return null;
  const out = {} as CompanySettings;
  for (const col of COMPANY_SETTING_COLUMNS) out[col] = String(row[col]);
  return out;
}
