/** Every query key of the announcements domain. */
export const announcementKeys = {
  all: ['announcements'] as const,
  /** The top bar's bell (first page of the active ones). */
  bell: ['announcements', 'bell'] as const,
  /** The super admin's table (GET /announcements, searched, infinite). */
  page: ['announcements', 'page'] as const,
};
