/** Every query key of the plans domain (the super admin's list; the sign-up's public list is appKeys.publicPlans). */
export const planKeys = {
  all: ['plans', 'all'] as const,
};
