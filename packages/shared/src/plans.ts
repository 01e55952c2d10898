import { z } from 'zod';
import { boolParam } from './tickets';
import { idParam, nameField, V } from './validation';

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
  /** Days a company signing up on this plan uses the product before its first due date. */
  trialDays: z.number(),
});
export type PlanDto = z.infer<typeof PlanDto>;

export const PlanListQuery = z.object({ listPublic: z.enum(['true', 'false']).optional() });

/** GET /companies/listPlan/:companyId answers the company with its plan. */
export const CompanyPlanDto = z.object({ id: z.number(), name: z.string(), plan: PlanDto.nullable() });
export type CompanyPlanDto = z.infer<typeof CompanyPlanDto>;

/** Default trial of a plan (the sign-up's first due date). */
export const DEFAULT_TRIAL_DAYS = 7;

const limitField = z.coerce.number({ error: V.invalid }).int(V.invalid).min(0, V.min0).max(100_000, V.invalid);
/** An amount in BRL: a number, or a pt-BR text ('1.234,56'); empty is 0 (shown as 'Consulte'). */
const amountField = z.preprocess(
  (v) => {
    if (v === '' || v === null || v === undefined) return 0;
    if (typeof v === 'string') return v.includes(',') ? v.replace(/\./g, '').replace(',', '.') : v;
    return v;
  },
  z.coerce.number({ error: V.invalid }).min(0, V.min0).max(10_000_000, V.invalid),
);

/** POST /plans and PUT /plans/:id: every field of seed 001 §3 (limits 0 mean unlimited), the ten flags, trial days. */
export const PlanBody = z.object({
  name: nameField(1, 50),
  users: limitField.default(0),
  connections: limitField.default(0),
  queues: limitField.default(0),
  amount: amountField.default(0),
  isPublic: boolParam.default(true),
  useWhatsapp: boolParam.default(true),
  useFacebook: boolParam.default(true),
  useInstagram: boolParam.default(true),
  useCampaigns: boolParam.default(true),
  useSchedules: boolParam.default(true),
  useInternalChat: boolParam.default(true),
  useExternalApi: boolParam.default(true),
  useKanban: boolParam.default(true),
  useOpenAi: boolParam.default(true),
  useIntegrations: boolParam.default(true),
  trialDays: z.coerce.number({ error: V.invalid }).int(V.invalid).min(0, V.min0).max(365, V.invalid).default(DEFAULT_TRIAL_DAYS),
});
export type PlanBody = z.infer<typeof PlanBody>;
export type PlanBodyInput = z.input<typeof PlanBody>;

export const PlanIdParams = z.object({ planId: idParam });
