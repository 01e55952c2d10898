/** What other modules may use of plans (docs/architecture.md, the module rule): a plan row as the API answers it. */
export { type PlanRow, toPlanDto } from './plans.dto';
export { customPlanName, ensureCustomPlan } from './plans.repository';
