import type { CompanySettingColumn, CompanySettings, RecoveryStatusDto, ScheduleRowDto } from '@atendo/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { settingsKeys } from './keys';

export { settingsKeys };

export function useCompanySettings(companyId: number) {
  return useQuery({
    queryKey: settingsKeys.company(companyId),
    queryFn: ({ signal }) => api.get<CompanySettings>(`/companySettings/${companyId}`, { signal }),
  });
}

/** PUT /companySettings saves one column; the cache and the single-column reads follow. */
export function useSaveCompanySetting(companyId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { column: CompanySettingColumn; data: string }) =>
      api.put<{ column: string; data: string }>('/companySettings', v),
    onSuccess: ({ column, data }) => {
      client.setQueryData<CompanySettings>(settingsKeys.company(companyId), (s) => (s ? { ...s, [column]: data } : s));
      client.setQueryData(settingsKeys.column(column as CompanySettingColumn), { column, value: data });
    },
  });
}

/** One setting of the caller's company (GET /companySettingOne); 'disabled' until it is read or when it cannot be. */
export function useCompanySettingValue(column: CompanySettingColumn): string {
  const q = useQuery({
    queryKey: settingsKeys.column(column),
    queryFn: ({ signal }) => api.get<{ value: string }>('/companySettingOne', { query: { column }, signal }),
    retry: false,
    staleTime: 60_000,
  });
  return q.data?.value ?? 'disabled';
}

export function useGlobalSettings(enabled: boolean) {
  return useQuery({
    queryKey: settingsKeys.global,
    queryFn: ({ signal }) => api.get<{ key: string; value: string }[]>('/settings', { signal }),
    enabled,
  });
}

export function useSaveGlobalSetting() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ key, value }: { key: string; value: string }) =>
      api.put<{ key: string; value: string }>(`/settings/${key}`, { value }),
    onSuccess: (saved) =>
      client.setQueryData<{ key: string; value: string }[]>(settingsKeys.global, (list) =>
        list?.some((s) => s.key === saved.key) ? list.map((s) => (s.key === saved.key ? saved : s)) : [...(list ?? []), saved],
      ),
  });
}

export function useCompanySchedules(companyId: number, enabled: boolean) {
  return useQuery({
    queryKey: settingsKeys.schedules(companyId),
    queryFn: ({ signal }) =>
      api.get<{ id: number; schedules: ScheduleRowDto[] }>(`/companies/${companyId}/schedules`, { signal }),
    enabled,
  });
}

export function useSaveCompanySchedules(companyId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (schedules: ScheduleRowDto[]) =>
      api.put<{ id: number; schedules: ScheduleRowDto[] }>(`/companies/${companyId}/schedules`, { id: companyId, schedules }),
    onSuccess: (saved) => client.setQueryData(settingsKeys.schedules(companyId), saved),
  });
}

/** Whether password recovery can work, and why not (super admin only; read again when the tab is shown). */
export function useRecoveryStatus(enabled: boolean) {
  return useQuery({
    queryKey: settingsKeys.recoveryStatus,
    queryFn: ({ signal }) => api.get<RecoveryStatusDto>('/recovery/status', { signal }),
    enabled,
    staleTime: 0,
  });
}
