/** Every query key of the tags domain. */
export const tagKeys = {
  all: ['tags'] as const,
  /** The tags page (GET /tags, searched, infinite). */
  page: ['tags', 'page'] as const,
  /** The lane admin (GET /tags?kanban=1). */
  lanesPage: ['tags', 'lanes-page'] as const,
  /** Every short tag list (GET /tags/list): all tags, or the kanban lanes. */
  lists: ['tags', 'list'] as const,
  list: (p: { kanban: boolean }) => ['tags', 'list', p] as const,
  contacts: (tagId: number | null) => ['tags', 'contacts', tagId] as const,
  /** A contact's tags (GET /contactTags/:contactId). */
  contact: (contactId: number) => ['tags', 'contact', contactId] as const,
};
