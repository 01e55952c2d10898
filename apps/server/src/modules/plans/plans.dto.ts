/** A plan row as the API answers it. */
import type { PlanDto } from '@atendo/shared';
import type { plans } from '../../db/schema';

export type PlanRow = typeof plans.$inferSelect;

export function toPlanDto(p: PlanRow): PlanDto {
  return {
    id: p.id,
    name: p.name,
    users: p.users,
    connections: p.connections,
    queues: p.queues,
    amount: Number(p.amount),
    isPublic: p.isPublic,
    useWhatsapp: p.useWhatsapp,
    useFacebook: p.useFacebook,
    useInstagram: p.useInstagram,
    useCampaigns: p.useCampaigns,
    useSchedules: p.useSchedules,
    useInternalChat: p.useInternalChat,
    useExternalApi: p.useExternalApi,
    useKanban: p.useKanban,
    useOpenAi: p.useOpenAi,
    useIntegrations: p.useIntegrations,
    trialDays: p.trialDays,
  };
}
