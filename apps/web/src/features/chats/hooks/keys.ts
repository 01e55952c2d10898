/** Every query key of the internal chat. */
export const chatKeys = {
  all: ['chats'] as const,
  list: ['chats', 'list'] as const,
  one: (idOrUuid: string) => ['chats', 'one', idOrUuid] as const,
  messages: (chatId: number) => ['chats', 'messages', chatId] as const,
};
