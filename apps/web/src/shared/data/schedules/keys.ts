/** Every query key of the schedules domain: one factory, so no two reads share a key with different data. */
export const scheduleKeys = {
  all: ['schedules'] as const,
  /** All schedules of the calendar's shown weeks (every page), searched. */
  calendar: (p: { from: string; to: string; search: string }) => ['schedules', 'calendar', p] as const,
  /** One contact's schedules still waiting (a SchedulePageDto). */
  waiting: (contactId: number) => ['schedules', 'waiting', contactId] as const,
};
