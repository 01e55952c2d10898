/** Every query key of the kanban domain. */
export const kanbanKeys = {
  lanes: ['kanban', 'lanes'] as const,
  allTickets: ['kanban', 'tickets'] as const,
  tickets: (range: { startDate: string; endDate: string }) => ['kanban', 'tickets', range] as const,
};
