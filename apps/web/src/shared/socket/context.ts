import type { ClientToServerEvents } from '@atendo/shared';
import { createContext, useContext } from 'react';
import type { Socket } from 'socket.io-client';

/** Server-to-client names are built per company (`company-{id}-{suffix}`), so they are typed at useSocketEvent. */
export type ServerEvents = Record<string, (payload: never) => void>;
export type AppSocket = Socket<ServerEvents, ClientToServerEvents>;

export interface SocketContextValue {
  socket: AppSocket | null;
  companyId: number | null;
}

export const SocketContext = createContext<SocketContextValue>({ socket: null, companyId: null });

/** The session's socket (null outside the private area) — for emits like joinTickets. */
export const useSocket = () => useContext(SocketContext);
