import type { CoreDeps } from '../../platform/deps';
import type { RealtimeHandlers } from '../../platform/realtime';
import { createUsersService } from './users.service';

/** What the socket gateway asks the users module: a socket's rooms and presence (ping, last socket gone). */
export function usersRealtimeHandlers(
  deps: CoreDeps,
): Required<Pick<RealtimeHandlers, 'roomsFor' | 'userStatus' | 'userOffline'>> {
  const users = createUsersService(deps);
  return {
    roomsFor: (ctx) => users.roomsFor(ctx),
    userStatus: (ctx) => users.userStatus(ctx),
    userOffline: (ctx) => users.userOffline(ctx),
  };
}
