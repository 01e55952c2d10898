import {
  isTwoFactorChallenge,
  type LoginBody,
  type SessionDto,
  type SessionUserDto,
  SUBSCRIPTION_WARNING_DAYS,
  type TwoFactorLoginBody,
} from '@atendo/shared';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError, setTokenRefresher, setUnauthorizedHandler } from '../../shared/api/client';
import { toastError } from '../../shared/api/errors';
import { changeLanguage, normalizeLanguage, storedLanguage } from '../../shared/i18n';
import { SessionContext, type SessionContextValue, type SessionStatus } from '../../shared/session/context';
import { getItem, getToken, STORAGE_KEYS, setItem, setToken } from '../../shared/storage';
import { daysUntilDue, formatDate, isSubscriptionValid } from '../../shared/subscription';
import { toast } from '../../shared/toast';
import { fetchMe, refreshSession, signIn, signInTwoFactor, signOut } from './sessionApi';

export { refreshSession };

/** Campaign routes are registered under the local flag cshow; the company setting campaignsEnabled drives it when present. */
function syncCampaignFlag(user: SessionUserDto) {
  const setting = user.company?.companieSettings?.find((s) => s.key === 'campaignsEnabled');
  if (!setting) return;
  const on = setting.value === 'true' || setting.value === 'enabled';
  if (on && !getItem(STORAGE_KEYS.cshow)) setItem(STORAGE_KEYS.cshow, 'true');
  if (!on && getItem(STORAGE_KEYS.cshow)) setItem(STORAGE_KEYS.cshow, null);
}

function adoptUserLanguage(user: SessionUserDto) {
  if (storedLanguage()) return;
  const lang = normalizeLanguage(user.language);
  if (lang) void changeLanguage(lang, false);
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<SessionStatus>('loading');
  const [user, setUserState] = useState<SessionUserDto | null>(null);
  const [landing, setLanding] = useState<string | null>(null);
  const started = useRef(false);

  const adopt = useCallback((session: SessionDto) => {
    setToken(session.token);
    setUserState(session.user);
    syncCampaignFlag(session.user);
    adoptUserLanguage(session.user);
    setStatus('authenticated');
  }, []);

  const dropSession = useCallback(() => {
    setToken(null);
    setLanding(null);
    setUserState(null);
    setStatus('anonymous');
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'public' });
  }, [queryClient]);

  useEffect(() => {
    // A 401 from any authenticated call ends the session (the client already cleared the token).
    setUnauthorizedHandler(() => {
      setUserState(null);
      setStatus('anonymous');
    });
    // An expired access token (403 ERR_TOKEN_EXPIRED) is renewed by the refresh cookie, then the call repeated.
    setTokenRefresher(async () => {
      const session = await refreshSession();
      if (session === 'unreachable') return 'unreachable';
      if (!session) return 'over';
      setToken(session.token);
      return 'refreshed';
    });
    return () => {
      setUnauthorizedHandler(null);
      setTokenRefresher(null);
    };
  }, []);

  const start = useCallback(() => {
    // No access token in this browser: nobody is signed in here (sign-in stores it; sign-out and an ended session
    // remove it), so the refresh could only answer 401 — which the browser logs as a console error on every visit of
    // the sign-in page (issue 30 item 12). The visitor is anonymous without asking.
    if (!getToken()) {
      dropSession();
      return;
    }
    setStatus('loading');
    void refreshSession().then((session) => {
      if (session === 'unreachable') setStatus('unreachable');
      else if (session) adopt(session);
      else dropSession();
    });
  }, [adopt, dropSession]);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    start();
  }, [start]);

  // Navigation after sign-in is left to the public-route guard: the session and the target change
  // in one render, so the guard never sends the user to / first.
  const enter = useCallback(
    (session: SessionDto, from?: string) => {
      const company = session.user.company;
      let target = from && from !== '/login' ? from : '/tickets';
      if (!isSubscriptionValid(company)) {
        toast.error(t('session.subscriptionExpired', { date: formatDate(company.dueDate) }));
        target = '/financeiro';
      } else {
        const days = daysUntilDue(company);
        if (days !== null && days < SUBSCRIPTION_WARNING_DAYS) toast.warning(t('session.subscriptionExpiresIn', { count: days }));
      }
      setLanding(target);
      adopt(session);
    },
    [adopt, t],
  );

  const login = useCallback(
    async (body: LoginBody, from?: string) => {
      const result = await signIn(body);
      if (isTwoFactorChallenge(result)) return { challenge: result.challenge };
      enter(result, from);
      return undefined;
    },
    [enter],
  );

  const loginTwoFactor = useCallback(
    async (body: TwoFactorLoginBody, from?: string) => enter(await signInTwoFactor(body), from),
    [enter],
  );

  const logout = useCallback(async () => {
    try {
      await signOut();
    } catch (err) {
      if (!(err instanceof ApiError) || (err.status !== 401 && err.status !== 0)) toastError(err);
    }
    dropSession();
    navigate('/login', { replace: true });
  }, [dropSession, navigate]);

  const reloadUser = useCallback(async () => {
    const me = await fetchMe();
    setUserState(me);
  }, []);

  const clearLanding = useCallback(() => setLanding(null), []);

  const value = useMemo<SessionContextValue>(
    () => ({
      status,
      user,
      login,
      loginTwoFactor,
      logout,
      reloadUser,
      setUser: setUserState,
      landing,
      clearLanding,
      retry: start,
    }),
    [status, user, login, loginTwoFactor, logout, reloadUser, landing, clearLanding, start],
  );

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
