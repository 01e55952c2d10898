/**
 * What other modules (and the composition root) may use of settings (docs/architecture.md, the module rule).
 * The settings module owns the `settings` and `company_settings` tables; nobody else reads them.
 */
import { DEFAULT_DOWNLOAD_LIMIT_MB } from '@atendo/shared';
import type { Db } from '../../db/open';
import { getGlobalSetting } from './settings.repository';

export { type CompanySettingsCache, createCompanySettingsCache } from './settings.cache';
export { ensureGlobalDefaults, findCompanySettings, getGlobalSetting, setGlobalSetting } from './settings.repository';

const MB = 1024 * 1024;

/** The general media limit: the downloadLimit global setting in MB (seed 001, default 64). */
export async function mediaLimitBytes(db: Db): Promise<number> {
  const mb = Number(await getGlobalSetting(db, 'downloadLimit'));
  return (Number.isFinite(mb) && mb > 0 ? mb : DEFAULT_DOWNLOAD_LIMIT_MB) * MB;
}
