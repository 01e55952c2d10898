import type { SessionUserDto } from '@atendo/shared';
import { flagOn } from '@atendo/shared';

export interface NotifyTicket {
  id: number;
  status: string;
  userId: number | null;
  queueId: number | null;
  isGroup: boolean;
  whatsapp?: { groupAsTicket?: string } | null;
}

export interface NotifyInput {
  message: { fromMe: boolean; read: boolean };
  ticket: NotifyTicket;
  user: Pick<SessionUserDto, 'id' | 'queueIds' | 'allTicket' | 'allowGroup'>;
  /** Company setting showNotificationPending. */
  showNotificationPending: boolean;
  /** The ticket open on screen, when the page is visible. */
  visibleTicketId: number | null;
}

/** Seed 000 §4 "Desktop notification rule", as one pure function. */
export function shouldNotify({ message, ticket, user, showNotificationPending, visibleTicketId }: NotifyInput): boolean {
  if (message.fromMe || message.read) return false;
  if (ticket.userId !== null && ticket.userId !== user.id) return false;
  if (visibleTicketId !== null && visibleTicketId === ticket.id) return false;
  const inMyQueues = ticket.queueId !== null ? user.queueIds.includes(ticket.queueId) : flagOn(user.allTicket);
  if (!inMyQueues) return false;
  if (ticket.status === 'pending' && !showNotificationPending) return false;
  if (ticket.isGroup && !(flagOn(user.allowGroup) && ticket.whatsapp?.groupAsTicket === 'enabled')) return false;
  return true;
}
