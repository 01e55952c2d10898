/** Every query key of the users domain. */
export const userKeys = {
  all: ['users'] as const,
  /** The users page (GET /users, searched, infinite). */
  pages: ['users', 'page'] as const,
  /** Every user of the company with their queues (GET /users/list). */
  list: ['users', 'list'] as const,
};
