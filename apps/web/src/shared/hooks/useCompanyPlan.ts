import { CompanyPlanDto, type PlanDto } from '@atendo/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api/client';
import { useSession } from '../session/context';
import { useSocketEvent } from '../socket/useSocketEvent';
import { appKeys } from './keys';

/**
 * The plan of the session's company (GET /companies/listPlan/:companyId), shown at once from the
 * session and confirmed by the API; a failed lookup keeps the session's copy.
 */
export function useCompanyPlan(): { plan: PlanDto | null; isLoading: boolean } {
  const { user } = useSession();
  const companyId = user?.companyId;
  const sessionPlan = user?.company?.plan ?? null;
  const client = useQueryClient();
  // The super admin changed the company's plan (flags, limits): read it again.
  useSocketEvent('plan', () => void client.invalidateQueries({ queryKey: appKeys.companyPlan(companyId) }));
  const query = useQuery({
    queryKey: appKeys.companyPlan(companyId),
    enabled: companyId !== undefined,
    queryFn: async () => {
      try {
        const data = await api.get<unknown>(`/companies/listPlan/${companyId}`);
        const parsed = CompanyPlanDto.safeParse(data);
        return parsed.success ? parsed.data.plan : sessionPlan;
      } catch {
        return sessionPlan;
      }
    },
    staleTime: 5 * 60_000,
    retry: false,
  });
  return { plan: query.data ?? sessionPlan, isLoading: query.isLoading && !sessionPlan };
}
