/** Every query key of the contacts domain. */
export const contactKeys = {
  all: ['contacts'] as const,
  lists: ['contacts', 'list'] as const,
  list: (searchParam: string, tagIds: number[]) => ['contacts', 'list', { searchParam, tagIds }] as const,
  /** One contact (GET /contacts/:id, a ContactItemDto). */
  detail: (id: number) => ['contacts', 'detail', id] as const,
  /** The pickers' search (first page of GET /contacts, 3+ characters). */
  search: (q: string) => ['contacts', 'search', q] as const,
  import: (id: number) => ['contacts', 'import', id] as const,
};
