/**
 * The realtime event map (seed 000 §7, seed 001 §7, seed 002 §7). The gateway builds the wire name
 * `company-{companyId}-{suffix}`; emitting an event that is not here does not compile.
 * Payload types grow with the features; `unknown` records are typed by their domain DTOs later.
 */
export type CrudAction = 'create' | 'update' | 'delete';

/** An internal chat's event (company-{id}-chat, -chat-user-{userId}, -chat-{chatId}). */
export interface ChatEvent {
  action: 'new-message' | 'update' | 'create' | 'delete';
  record?: unknown;
  chatId?: number;
}

export interface CompanyEventMap {
  /** reason 'ended': the session was ended from the sessions list (by the user or an admin), not by another sign-in. */
  auth: { action: 'logout' | 'update'; user: { id: number }; reason?: 'ended' };
  user: { action: CrudAction; user?: unknown; userId?: number };
  whatsapp: { action: 'update' | 'delete'; whatsapp?: unknown; whatsappId?: number };
  whatsappSession: { action: 'update'; session: unknown };
  ticket: { action: 'update' | 'delete' | 'removeFromList'; ticket?: unknown; ticketId?: number };
  /** The assignment rule gave the user a ticket (to that user's room only): the inbox notifies them. */
  ticketAssigned: { ticketId: number; uuid: string; contactName: string; queueName: string | null };
  /** A ticket missed a target of its queue's SLA policy (to its attendant and the admins): the inbox warns them. */
  ticketSlaBreached: { ticketId: number; uuid: string; contactName: string; breach: string };
  appMessage: { action: CrudAction; message: unknown; ticket?: unknown; contact?: unknown };
  contact: { action: CrudAction; contact?: unknown; contactId?: number };
  /** A contact import's progress and summary (ContactImportDto), to the user who started it. */
  contactImport: { action: 'progress' | 'done' | 'failed'; record: unknown };
  chat: ChatEvent;
  /** Seed 002 §7: the same internal-chat events under one member's name and under the chat's, to its members only. */
  [userChats: `chat-user-${number}`]: ChatEvent;
  [oneChat: `chat-${number}`]: ChatEvent;
  payment: { action: 'CONCLUIDA'; company: { id: number; dueDate: string }; invoiceId: number };
  queue: { action: CrudAction; queue?: unknown; queueId?: number };
  prompt: { action: CrudAction; prompt?: unknown; promptId?: number };
  queueIntegration: { action: CrudAction; queueIntegration?: unknown; integrationId?: number };
  file: { action: CrudAction; fileList?: unknown; fileListId?: number };
  campaign: { action: CrudAction; record?: unknown; id?: number };
  tag: { action: CrudAction; tag?: unknown; tagId?: number };
  schedule: { action: CrudAction; schedule?: unknown; scheduleId?: number };
  quickemessage: { action: CrudAction; record?: unknown; id?: number };
  ContactList: { action: CrudAction; record?: unknown; id?: number };
  ContactListItem: { action: CrudAction | 'reload'; record?: unknown; id?: number };
  /** The platform's companies and plans (CompanyDto, PlanDto), to the platform company's admins (super admins). */
  company: { action: CrudAction; record?: unknown; id?: number };
  plan: { action: CrudAction; record?: unknown; id?: number };
}
export type CompanyEventName = keyof CompanyEventMap;

/** Events whose wire name is not `company-{id}-{suffix}`. */
export interface GlobalEventMap {
  'company-announcement': { action: CrudAction; record?: unknown; id?: number };
}

/** `importMessages-{companyId}` (seed 001 §7). */
export interface ImportMessagesEvent {
  action: 'refresh' | 'update';
  status?: { this: number; all: number; date: string };
}

export const companyEventName = (companyId: number, event: CompanyEventName) => `company-${companyId}-${event}`;

/** What a client may emit to the server. */
export interface ClientToServerEvents {
  joinNotification: () => void;
  leaveNotification: () => void;
  joinTickets: (status: string) => void;
  leaveTickets: (status: string) => void;
  joinChatBox: (ticketId: string) => void;
  joinChatBoxLeave: (ticketId: string) => void;
  userStatus: () => void;
}
