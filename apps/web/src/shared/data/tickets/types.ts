import type { ContactItemDto, ConversationMessageDto, TicketDetailDto, TicketListItemDto } from '@atendo/shared';

/** What JSON makes of a DTO: dates arrive as ISO strings. */
export type Wire<T> = T extends Date
  ? string
  : T extends (infer U)[]
    ? Wire<U>[]
    : T extends object
      ? { [K in keyof T]: Wire<T[K]> }
      : T;

export type Ticket = Wire<TicketListItemDto>;
export type TicketDetail = Wire<TicketDetailDto>;
export type Message = Wire<ConversationMessageDto>;

export interface TicketsPage {
  tickets: Ticket[];
  hasMore: boolean;
  count: number;
}

export interface MessagesPage {
  messages: Message[];
  hasMore: boolean;
}

/** The inbox views: three tabs plus the Resolved and Search views (seed 000 §2). */
export type InboxTab = 'open' | 'pending' | 'group' | 'closed' | 'search';

/** A contact as GET /contacts/:id answers it: what the ticket's contact panel shows. */
export type ContactInfo = Omit<ContactItemDto, 'createdAt' | 'updatedAt' | 'lgpdAcceptedAt'>;
