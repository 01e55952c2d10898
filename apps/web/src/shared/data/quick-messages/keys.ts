/** Every query key of the quick-messages domain. */
export const quickMessageKeys = {
  all: ['quickMessages'] as const,
  /** The quick messages page (GET /quick-messages, searched, infinite). */
  page: ['quickMessages', 'page'] as const,
  /** The composer's '/' picker (GET /quick-messages/list). */
  pickers: ['quickMessages', 'picker'] as const,
  picker: (searchParam: string) => ['quickMessages', 'picker', searchParam] as const,
};
