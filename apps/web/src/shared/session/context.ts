import type { LoginBody, SessionUserDto, TwoFactorLoginBody } from '@atendo/shared';
import { createContext, useContext } from 'react';

/** 'unreachable': the API could not be reached or refused at start (network, CORS, 5xx) — shown with a retry. */
export type SessionStatus = 'loading' | 'authenticated' | 'anonymous' | 'unreachable';

export interface SessionContextValue {
  status: SessionStatus;
  user: SessionUserDto | null;
  /**
   * Signs in and sends the user on (origin, /tickets, or /financeiro when expired). A user with a second factor gets
   * its challenge back instead: the page asks for the code and calls loginTwoFactor.
   */
  login: (body: LoginBody, from?: string) => Promise<{ challenge: string } | undefined>;
  /** The sign-in's second step (issue 34): a code of the authenticator app or a recovery code. */
  loginTwoFactor: (body: TwoFactorLoginBody, from?: string) => Promise<void>;
  logout: () => Promise<void>;
  /** Re-reads GET /auth/me (after a profile edit). */
  reloadUser: () => Promise<void>;
  setUser: (user: SessionUserDto) => void;
  /** Where the public-route guard sends a user who just signed in (origin, /tickets or /financeiro). */
  landing: string | null;
  clearLanding: () => void;
  /** Asks the API for the session again (after 'unreachable'). */
  retry: () => void;
}

/** Where the sign-in guard (app/guards) keeps the page an anonymous visitor asked for. */
export interface LoginRedirectState {
  from?: string;
}

export const SessionContext = createContext<SessionContextValue | null>(null);

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession outside SessionProvider');
  return value;
}

/** For screens that render only inside the private area. */
export function useCurrentUser(): SessionUserDto {
  const { user } = useSession();
  if (!user) throw new Error('useCurrentUser without a session');
  return user;
}
