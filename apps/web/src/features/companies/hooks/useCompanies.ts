import type { CompanyDto, CompanyPageDto } from '@atendo/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { downloadStreamed } from '../../../shared/api/download';
import { removeRecord, upsertRecord, useInfiniteSearch } from '../../../shared/hooks/useInfiniteSearch';
import { useSocketEvent } from '../../../shared/socket/useSocketEvent';
import { companyKeys } from './keys';

const KEY = companyKeys.page;

/** GET /companiesPlan/ (companies, hasMore), kept live by company-1-company events. */
export function useCompaniesPage() {
  const qc = useQueryClient();
  const table = useInfiniteSearch<CompanyDto>({
    queryKey: KEY,
    fetchPage: async ({ searchParam, pageNumber, signal }) => {
      const page = await api.get<CompanyPageDto>('/companiesPlan/', {
        query: { searchParam: searchParam || undefined, pageNumber },
        signal,
      });
      return { records: page.companies, hasMore: page.hasMore };
    },
  });
  useSocketEvent('company', (e) => {
    if (e.action === 'delete' && e.id) removeRecord<CompanyDto>(qc, KEY, e.id, (r) => r.id);
    else if (e.record) upsertRecord<CompanyDto>(qc, KEY, e.record as CompanyDto, (r) => r.id);
  });
  return table;
}

export function useSaveCompany() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: Record<string, unknown> }) =>
      id ? api.put<CompanyDto>(`/companies/${id}`, body) : api.post<CompanyDto>('/companies', body),
    onSuccess: (company) => upsertRecord<CompanyDto>(qc, KEY, company, (r) => r.id),
  });
}

/** DELETE /companies/:id?confirm=<name>: the server checks the typed name too. */
export function useDeleteCompany() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, confirm }: { id: number; confirm: string }) => api.delete(`/companies/${id}`, { query: { confirm } }),
    onSuccess: (_, { id }) => removeRecord<CompanyDto>(qc, KEY, id, (r) => r.id),
  });
}

/** GET /companies/:id/data-export (super admin): the company's whole data as a zip, streamed and saved by the browser. */
export function downloadCompanyData(id: number): Promise<void> {
  return downloadStreamed(`/companies/${id}/data-export`, {}, `company-${id}.zip`);
}
