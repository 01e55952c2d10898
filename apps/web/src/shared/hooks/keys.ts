/** Query keys of what the whole app reads (the session's plan, public settings, the API's version). */
export const appKeys = {
  version: ['version'] as const,
  companyPlan: (companyId: number | undefined) => ['companyPlan', companyId] as const,
  publicSetting: (key: string) => ['public', 'setting', key] as const,
  publicPlans: ['public', 'plans'] as const,
  /** The help videos (GET /helps/list): the /helps page and every page's tutorial read them. */
  helps: ['helps'] as const,
};
