/** Every query key of the signed-in user's security (second factor, sessions). */
export const securityKeys = {
  all: ['security'] as const,
  twoFactor: ['security', 'twoFactor'] as const,
  sessions: ['security', 'sessions'] as const,
};
