import type { TicketListParams } from './ticketMatch';

export const ticketKeys = {
  lists: ['tickets', 'list'] as const,
  list: (p: TicketListParams) => ['tickets', 'list', p] as const,
  detail: (uuid: string) => ['tickets', 'detail', uuid] as const,
  details: ['tickets', 'detail'] as const,
  messages: (ticketId: number) => ['messages', ticketId] as const,
  log: (ticketId: number) => ['tickets', 'log', ticketId] as const,
  notes: (ticketId: number, contactId: number) => ['tickets', 'notes', ticketId, contactId] as const,
  /** A contact's conversations, for the contact panel (kept apart from the inbox lists, which events rewrite). */
  contactHistory: (contactId: number) => ['tickets', 'contact-history', contactId] as const,
  privateFiles: (ticketId: number) => ['tickets', 'private-files', ticketId] as const,
};
