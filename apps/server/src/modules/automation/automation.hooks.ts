/**
 * The two places other modules hand work to the automation: ingest (a customer's message was stored) and the
 * tickets API (an attendant closes a ticket → the rating may start instead). Bound per application instance
 * (the CoreDeps object) by registerModules, so ingest and tickets need not be built with the automation.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { TicketRow } from '../messages/messages.public';

/** A persisted inbound message, after its transaction committed. */
export interface StoredInbound {
  companyId: number;
  ticketId: number;
  messageId: number;
  /** The ticket was created by this message (not an existing or reopened one). */
  isNewTicket: boolean;
  fromMe: boolean;
  isGroup: boolean;
  mediaType: string;
  body: string;
}

export interface AutomationHooks {
  onInbound(m: StoredInbound): Promise<void>;
  /** Called by the close transition: answers the ticket moved to `nps` (rating asked) or null to close as usual. */
  ratingInsteadOfClose(companyId: number, ticket: TicketRow): Promise<TicketRow | null>;
}

const bound = new WeakMap<object, AutomationHooks>();

export function bindAutomation(deps: object, hooks: AutomationHooks) {
  bound.set(deps, hooks);
}

/** Ingest's hook: never fails the ingest (the message is stored; the bot's answer is best effort and logged). */
export async function handInboundToAutomation(deps: object, m: StoredInbound, log?: FastifyBaseLogger) {
  const hooks = bound.get(deps);
  if (!hooks || m.fromMe || m.isGroup) return;
  try {
    await hooks.onInbound(m);
  } catch (err) {
    log?.error({ err, ticketId: m.ticketId, messageId: m.messageId }, 'conversation automation failed');
  }
}

export async function ratingInsteadOfClose(deps: object, companyId: number, ticket: TicketRow): Promise<TicketRow | null> {
  const hooks = bound.get(deps);
  return hooks ? hooks.ratingInsteadOfClose(companyId, ticket) : null;
}

/** The automation bound to an application instance (tests drive its clock and timers through it). */
export function boundAutomation<T extends AutomationHooks>(deps: object): T | undefined {
  return bound.get(deps) as T | undefined;
}
