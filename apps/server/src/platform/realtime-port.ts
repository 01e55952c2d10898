import type { CompanyEventMap, CompanyEventName, GlobalEventMap, ImportMessagesEvent } from '@atendo/shared';

/**
 * Room names inside a company's namespace, in one place. Services never build room strings by hand.
 * - user:{id}   every socket of that user
 * - queue:{id}  users who attend that queue
 * - noqueue     users who may see tickets without a queue (allTicket) and admins
 * - admins      admins of the company
 * - ticket:{id} sockets that opened that ticket (joinChatBox)
 * - status:{s}  sockets that joined a ticket tab (joinTickets)
 * - notification sockets that joined notifications
 * - expired      sockets of a company whose subscription expired: they hear only payment and session events
 */
export const rooms = {
  user: (id: number) => `user:${id}`,
  queue: (id: number) => `queue:${id}`,
  noQueue: () => 'noqueue',
  admins: () => 'admins',
  ticket: (id: number | string) => `ticket:${id}`,
  status: (s: string) => `status:${s}`,
  notification: () => 'notification',
  expired: () => 'expired',
} as const;

/** What an expired company's sockets still hear (the finance page's payment, another sign-in's logout). */
export const EVENTS_FOR_EXPIRED: readonly string[] = ['payment', 'auth'];

/** What services see of realtime: publish a typed company event to the whole company or to some rooms. */
export interface RealtimePublisher {
  publish<K extends CompanyEventName>(companyId: number, event: K, payload: CompanyEventMap[K], to?: string[]): void;
  /** Ends the sockets of a user whose session was replaced (after the auth event reached them). */
  disconnectUser?(companyId: number, userId: number): void;
  /** Moves a user's live sockets between rooms (their profile or queues changed), in every process. */
  setUserRooms?(companyId: number, userId: number, change: { leave: string[]; join: string[] }): void;
  /** `importMessages-{companyId}` (seed 001 §7): a channel history import's progress, to the whole company. */
  publishImportMessages?(companyId: number, payload: ImportMessagesEvent): void;
  /** An event for every company's users (`company-announcement`), in every process. */
  publishGlobal?<K extends keyof GlobalEventMap>(event: K, payload: GlobalEventMap[K]): void;
  /** A signal to the other API processes (scaled: through Redis), e.g. `setup.changed`; not for sockets. */
  relaySignal?(name: string, payload: object): void;
  /** What this process does when another process relays `name`. */
  onSignal?(name: string, handler: (payload: object) => void): void;
}

/** Publisher used where no gateway runs (CLI tools); tests use the real gateway or record calls. */
export class RecordingPublisher implements RealtimePublisher {
  readonly events: { companyId: number; event: string; payload: unknown; to?: string[] }[] = [];
  publish<K extends CompanyEventName>(companyId: number, event: K, payload: CompanyEventMap[K], to?: string[]) {
    this.events.push({ companyId, event, payload, to });
  }
  publishImportMessages(companyId: number, payload: ImportMessagesEvent) {
    this.events.push({ companyId, event: 'importMessages', payload });
  }
  /** Recorded with companyId 0: it is for every company. */
  publishGlobal<K extends keyof GlobalEventMap>(event: K, payload: GlobalEventMap[K]) {
    this.events.push({ companyId: 0, event, payload });
  }
}
