/** Every query key of the audit log. */
export const auditKeys = {
  all: ['audit'] as const,
  pages: ['audit', 'pages'] as const,
  /** One filtered list (its pages). */
  filtered: (filters: object) => ['audit', 'pages', filters] as const,
};
