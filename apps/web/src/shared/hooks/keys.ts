/** Query keys of what the whole app reads (the session's plan, public settings, the API's version). */
export const appKeys = {
  version: ['version'] as const,
  companyPlan: (companyId: number | undefined) => ['companyPlan', companyId] as const,
  publicSetting: (key: string) => ['public', 'setting', key] as const,
  publicPlans: ['public', 'plans'] as const,
};
