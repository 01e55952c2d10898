import { type SessionUserDto, SOCKET_RECONNECT_MS, USER_STATUS_PING_MS } from '@atendo/shared';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { io } from 'socket.io-client';
import { refreshOnce } from '../api/client';
import { API_URL } from '../config';
import { getToken } from '../storage';
import { toast } from '../toast';
import { type AppSocket, SocketContext } from './context';
import { useSocketEvent } from './useSocketEvent';

const FORCED_LOGOUT_RELOAD_MS = 1000;

/** Another login by this user ends this session (seed 000 §4). */
function SingleSessionWatcher({ userId }: { userId: number }) {
  const { t } = useTranslation();
  useSocketEvent('auth', (payload) => {
    if (payload.action !== 'logout' || payload.user?.id !== userId) return;
    toast.error(payload.reason === 'ended' ? t('session.ended') : t('session.loggedInElsewhere'));
    setTimeout(() => {
      localStorage.clear();
      window.location.reload();
    }, FORCED_LOGOUT_RELOAD_MS);
  });
  return null;
}

/** One socket per session, on the company namespace; reconnects after 1 s without limit. */
export function SocketProvider({ user, children }: { user: SessionUserDto; children: ReactNode }) {
  const [socket, setSocket] = useState<AppSocket | null>(null);
  const companyId = user.companyId;
  const userId = user.id;

  useEffect(() => {
    const s: AppSocket = io(`${API_URL}/${companyId}`, {
      // a function so every reconnection carries the current (refreshed) token
      auth: (cb) => cb({ token: getToken() ?? '' }),
      query: { userId: String(userId) },
      reconnection: true,
      reconnectionDelay: SOCKET_RECONNECT_MS,
      reconnectionAttempts: Number.POSITIVE_INFINITY,
      withCredentials: true,
      transports: ['websocket', 'polling'],
    });
    const announce = () => {
      s.emit('joinNotification');
      s.emit('userStatus');
    };
    s.on('connect', announce);
    // A handshake refused for an expired access token is not retried by socket.io: renew the token, then connect.
    const renew = (err: Error & { data?: { error?: string } }) => {
      if (err.data?.error !== 'ERR_TOKEN_EXPIRED') return;
      void refreshOnce().then((outcome) => {
        if (outcome === 'refreshed' && !s.connected) s.connect();
      });
    };
    s.on('connect_error', renew);
    const ping = setInterval(() => {
      if (s.connected) s.emit('userStatus');
    }, USER_STATUS_PING_MS);
    setSocket(s);
    return () => {
      clearInterval(ping);
      s.off('connect', announce);
      s.off('connect_error', renew);
      s.disconnect();
      setSocket(null);
    };
  }, [companyId, userId]);

  const value = useMemo(() => ({ socket, companyId }), [socket, companyId]);
  return (
    <SocketContext.Provider value={value}>
      <SingleSessionWatcher userId={userId} />
      {children}
    </SocketContext.Provider>
  );
}
