import type { CampaignBody, CampaignSettingsBody } from '@atendo/shared';
import type { CoreDeps } from '../../platform/deps';
import type { ConversationService } from '../conversation/conversation.service';
import type { MessageTemplatesService } from '../message-templates/message-templates.service';
import type { TicketsService } from '../tickets/tickets.service';
import { campaignDispatch, type DispatchOptions } from './campaigns.dispatch';
import { campaignRecordCore, campaignRecords } from './campaigns.records';
import { campaignReport } from './campaigns.report';
import { campaignSettings } from './campaigns.settings';

/**
 * Campaigns (seed 002 §2.3, §3, §4, §7 "Campaigns"): the records and their status machine (campaigns.records.ts), the
 * sending rules (campaigns.settings.ts), the dispatch (campaigns.dispatch.ts) and the report (campaigns.report.ts),
 * put together as the one service the routes, the jobs and the event spine use.
 */
export function createCampaignsService(
  deps: CoreDeps,
  conversation: Pick<ConversationService, 'sendToContact'>,
  tickets: Pick<TicketsService, 'update' | 'closeQuietly'>,
  templates: Pick<MessageTemplatesService, 'usable'>,
  defaults: DispatchOptions = {},
) {
  const core = campaignRecordCore(deps);
  const { settingsOf, ...settings } = campaignSettings(deps, core.gate);
  const { startRun, kick, ...dispatch } = campaignDispatch(
    deps,
    { conversation, tickets, templates, defaults },
    core.published,
    settingsOf,
  );
  return {
    ...dispatch,
    ...settings,
    ...campaignRecords(deps, core, templates, { startRun, kick }),
    ...campaignReport(deps, core),
  };
}

export type { DispatchOptions, DispatchResult } from './campaigns.dispatch';
export type CampaignsService = ReturnType<typeof createCampaignsService>;
export type { CampaignBody, CampaignSettingsBody };
