/** Every query key of the moments (real-time panel) domain. */
export const momentKeys = {
  tickets: ['moments', 'users'] as const,
};
