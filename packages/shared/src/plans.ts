import { z } from 'zod';

/** The ten plan feature flags (seed 001 §1). A flag counts as on unless it is exactly false. */
export const PLAN_FLAGS = [
  'useWhatsapp',
  'useFacebook',
  'useInstagram',
  'useCampaigns',
  'useSchedules',
  'useInternalChat',
  'useExternalApi',
  'useKanban',
  'useOpenAi',
  'useIntegrations',
] as const;
export type PlanFlag = (typeof PLAN_FLAGS)[number];

export type PlanFlags = { [K in PlanFlag]?: boolean | null };

export function planAllows(plan: PlanFlags | null | undefined, flag: PlanFlag): boolean {
  if (!plan) return true;
  return plan[flag] !== false;
}

export const PlanDto = z.object({
  id: z.number(),
  name: z.string(),
  users: z.number(),
  connections: z.number(),
  queues: z.number(),
  amount: z.number(),
  isPublic: z.boolean(),
  useWhatsapp: z.boolean(),
  useFacebook: z.boolean(),
  useInstagram: z.boolean(),
  useCampaigns: z.boolean(),
  useSchedules: z.boolean(),
  useInternalChat: z.boolean(),
  useExternalApi: z.boolean(),
  useKanban: z.boolean(),
  useOpenAi: z.boolean(),
  useIntegrations: z.boolean(),
});
export type PlanDto = z.infer<typeof PlanDto>;

export const PlanListQuery = z.object({ listPublic: z.enum(['true', 'false']).optional() });

/** GET /companies/listPlan/:companyId answers the company with its plan. */
export const CompanyPlanDto = z.object({ id: z.number(), name: z.string(), plan: PlanDto.nullable() });
export type CompanyPlanDto = z.infer<typeof CompanyPlanDto>;
