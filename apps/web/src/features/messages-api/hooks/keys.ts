/** Every query key of the messages-api domain: one factory. */
export const messagesApiKeys = {
  all: ['messages-api'] as const,
  /** The company's connection tokens (admins). */
  tokens: () => ['messages-api', 'tokens'] as const,
};
