/**
 * The company settings that hot paths read for every message (LGPD masking in every ticket event, the automation's
 * rules), held for a short while and dropped when an admin changes them — in every process, through the `setup.changed`
 * domain event (src/composition.ts relays it across processes when scaled). The TTL bounds what a missed drop costs.
 */
import type { CompanySettings } from '@atendo/shared';
import type { Db } from '../../db/open';
import type { Tenant } from '../../platform/context';
import { findCompanySettings } from './settings.repository';

export function createCompanySettingsCache(db: Db, ttlMs = 30_000, max = 5000) {
  const entries = new Map<number, { at: number; value: Promise<CompanySettings | null> }>();
  return {
    get({ companyId }: Tenant): Promise<CompanySettings | null> {
      const now = Date.now();
      const hit = entries.get(companyId);
      if (hit && now - hit.at < ttlMs) return hit.value;
      if (entries.size >= max) entries.clear();
      const value = findCompanySettings(db, { companyId });
      entries.set(companyId, { at: now, value });
      value.catch(() => entries.delete(companyId));
      return value;
    },
    drop(companyId: number) {
      entries.delete(companyId);
    },
  };
}

export type CompanySettingsCache = ReturnType<typeof createCompanySettingsCache>;
