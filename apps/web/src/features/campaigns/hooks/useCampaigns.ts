import type { CampaignDto, CampaignReportDto, CampaignSettingsDto, CampaignShippingDto } from '@atendo/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { downloadStreamed } from '../../../shared/api/download';
import { removeRecord, upsertRecord, useInfiniteSearch } from '../../../shared/hooks/useInfiniteSearch';
import { useSocketEvent } from '../../../shared/socket/useSocketEvent';

export const campaignKeys = {
  all: ['campaigns'] as const,
  page: ['campaigns', 'page'] as const,
  settings: ['campaigns', 'settings'] as const,
  report: (id: number) => ['campaigns', 'report', id] as const,
  shippings: (id: number) => ['campaigns', 'shippings', id] as const,
};

/** GET /campaigns (records, hasMore) kept live by company-{id}-campaign events. */
export function useCampaignsPage() {
  const qc = useQueryClient();
  const table = useInfiniteSearch<CampaignDto>({
    queryKey: campaignKeys.page,
    fetchPage: ({ searchParam, pageNumber, signal }) =>
      api.get<{ records: CampaignDto[]; hasMore: boolean }>('/campaigns', {
        query: { searchParam: searchParam || undefined, pageNumber },
        signal,
      }),
  });
  useSocketEvent('campaign', (e) => {
    if (e.action === 'delete' && e.id) removeRecord<CampaignDto>(qc, campaignKeys.page, e.id, (r) => r.id);
    else if (e.record) upsertRecord<CampaignDto>(qc, campaignKeys.page, e.record as CampaignDto, (r) => r.id);
  });
  return table;
}

/** The campaign's body as the server takes it: '' → null (seed 002 §5). */
export type CampaignForm = Record<string, unknown>;

/**
 * Saves a campaign, then its file. With a file and a schedule, the campaign is first saved without its schedule, the
 * file attached, and the schedule saved last: a campaign due within the hour is no longer editable (seed 002 §4), and
 * one due in a minute must not start before its file is there.
 */
export function useSaveCampaign() {
  return useMutation({
    mutationFn: async ({ id, body, file }: { id?: number; body: CampaignForm; file?: File | null }) => {
      const save = (b: CampaignForm, target = id) =>
        target ? api.put<CampaignDto>(`/campaigns/${target}`, b) : api.post<CampaignDto>('/campaigns', b);
      if (!file) return save(body);
      const scheduled = Boolean(body.scheduledAt);
      const saved = await save(scheduled ? { ...body, scheduledAt: '' } : body);
      const form = new FormData();
      form.append('file', file);
      const withFile = await api.post<CampaignDto>(`/campaigns/${saved.id}/media-upload`, form);
      return scheduled ? save(body, saved.id) : withFile;
    },
  });
}

export function useRemoveCampaignMedia() {
  return useMutation({ mutationFn: (id: number) => api.delete<CampaignDto>(`/campaigns/${id}/media-upload`) });
}

export function useDeleteCampaign() {
  return useMutation({ mutationFn: (id: number) => api.delete(`/campaigns/${id}`) });
}

export function useCampaignAction() {
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: 'cancel' | 'restart' }) =>
      api.post<CampaignDto>(`/campaigns/${id}/${action}`),
  });
}

export function useCampaignSettings() {
  return useQuery({
    queryKey: campaignKeys.settings,
    queryFn: ({ signal }) => api.get<CampaignSettingsDto>('/campaign-settings', { signal }),
  });
}

export function useSaveCampaignSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (settings: Partial<CampaignSettingsDto>) => api.post<CampaignSettingsDto>('/campaign-settings', { settings }),
    onSuccess: (data) => qc.setQueryData(campaignKeys.settings, data),
  });
}

/** The report (totals, timeline) of a campaign: refetched on its live events, and every 5 s while it sends. */
export function useCampaignReport(id: number) {
  const qc = useQueryClient();
  const query = useQuery({
    queryKey: campaignKeys.report(id),
    queryFn: ({ signal }) => api.get<CampaignReportDto>(`/campaigns/${id}/report`, { signal }),
    refetchInterval: (q) => (q.state.data?.campaign.status === 'EM_ANDAMENTO' ? 5_000 : false),
  });
  useSocketEvent('campaign', (e) => {
    if ((e.record as CampaignDto | undefined)?.id === id) {
      void qc.invalidateQueries({ queryKey: campaignKeys.report(id) });
      void qc.invalidateQueries({ queryKey: campaignKeys.shippings(id) });
    }
  });
  return query;
}

export function useCampaignShippings(id: number) {
  return useInfiniteSearch<CampaignShippingDto>({
    queryKey: campaignKeys.shippings(id),
    fetchPage: ({ searchParam, pageNumber, signal }) =>
      api.get<{ records: CampaignShippingDto[]; hasMore: boolean }>(`/campaigns/${id}/shippings`, {
        query: { searchParam: searchParam || undefined, pageNumber },
        signal,
      }),
  });
}

export const exportCampaign = (id: number) => downloadStreamed(`/campaigns/${id}/report/export`, {}, `campaign-${id}.xlsx`);
