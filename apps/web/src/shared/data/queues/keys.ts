/** Every query key of the queues domain. */
export const queueKeys = {
  /** The same key the transfer dialog and filters read: one cache for GET /queue. */
  list: ['queues', 'list'] as const,
  detail: (id: number) => ['queues', 'detail', id] as const,
  chatbot: (id: number) => ['chatbots', id] as const,
};
