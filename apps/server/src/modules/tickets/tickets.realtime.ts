import type { CoreDeps } from '../../platform/deps';
import type { RealtimeHandlers } from '../../platform/realtime';
import { canSeeTicket, viewerOf } from './tickets.access';
import * as repo from './tickets.repository';

/**
 * What the socket gateway asks the tickets module: whether a socket may follow a ticket's room (joinChatBox).
 * The ticket room carries the ticket's and its messages' events, so it follows the list's visibility rules.
 */
export function ticketsRealtimeHandlers(deps: CoreDeps): Required<Pick<RealtimeHandlers, 'canJoinTicket'>> {
  const { db } = deps.database;
  return {
    async canJoinTicket(ctx, ticketId) {
      const ticket = await repo.findTicket(db, ctx, ticketId);
      if (!ticket) return false;
      return canSeeTicket(viewerOf(ctx, await repo.userQueueIds(db, ctx, ctx.user.id)), ticket);
    },
  };
}
