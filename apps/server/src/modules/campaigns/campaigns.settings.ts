import { CAMPAIGN_SETTINGS_DEFAULTS, type CampaignSettingsDto } from '@atendo/shared';
import type { z } from 'zod';
import type { TenantContext } from '../../platform/context';
import type { CoreDeps } from '../../platform/deps';
import { recordAudit } from '../audit/audit.public';
import type { CampaignRecordCore } from './campaigns.records';
import * as repo from './campaigns.repository';

type SettingsInput = z.output<typeof import('@atendo/shared').CampaignSettingsBody>['settings'];

/** A company's sending rules for campaigns (seed 002 §7 "Campaigns" settings): intervals, days, hours, variables. */
export function campaignSettings(deps: CoreDeps, gate: CampaignRecordCore['gate']) {
  const { db } = deps.database;

  async function settingsOf(companyId: number): Promise<CampaignSettingsDto> {
    const row = await repo.findSettings(db, { companyId });
    if (!row) return { ...CAMPAIGN_SETTINGS_DEFAULTS, variables: [] };
    return {
      messageInterval: row.messageInterval,
      longerIntervalAfter: row.longerIntervalAfter,
      greaterInterval: row.greaterInterval,
      variables: row.variables,
      sabado: row.sabado,
      domingo: row.domingo,
      startHour: row.startHour,
      endHour: row.endHour,
    };
  }

  return {
    settingsOf,

    async getSettings(ctx: TenantContext) {
      gate(ctx);
      return settingsOf(ctx.companyId);
    },

    async saveSettings(ctx: TenantContext, s: SettingsInput) {
      gate(ctx);
      const current = await settingsOf(ctx.companyId);
      await repo.saveSettings(db, ctx, {
        ...current,
        ...Object.fromEntries(Object.entries(s).filter(([, v]) => v !== undefined)),
      });
      const after = await settingsOf(ctx.companyId);
      recordAudit(deps, ctx, { action: 'campaignSetting.update', entity: 'campaignSetting', before: current, after });
      return after;
    },
  };
}
