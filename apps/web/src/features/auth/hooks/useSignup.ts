import { PlanDto, SignupBody } from '@atendo/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../shared/api/client';
import { appKeys } from '../../../shared/hooks/keys';

/** Public plan list (GET /plans/list?listPublic=true, no session). */
export function usePublicPlans() {
  return useQuery({
    queryKey: appKeys.publicPlans,
    queryFn: async () => {
      const data = await api.get<unknown>('/plans/list', { query: { listPublic: 'true' }, anonymous: true });
      const parsed = z.array(PlanDto).safeParse(data);
      return parsed.success ? parsed.data : ((Array.isArray(data) ? data : []) as PlanDto[]);
    },
    retry: false,
  });
}

/** Step 0 of the wizard (personal data) and step 1 (company), cut from the shared SignupBody. */
export const SignupPersonalStep = SignupBody.pick({ name: true, email: true, password: true, phone: true });
export const SignupCompanyStep = SignupBody.pick({ companyName: true });
export type SignupPersonal = z.output<typeof SignupPersonalStep>;
export type SignupCompany = z.output<typeof SignupCompanyStep>;

export function useSignup() {
  return useMutation({
    mutationFn: (body: SignupBody) => api.post<{ companyId: number }>('/auth/signup', body, { anonymous: true }),
  });
}
