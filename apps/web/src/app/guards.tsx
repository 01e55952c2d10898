import { can, isSuper, NARROW_SCREEN_PX, type Permission, type PlanFlag } from '@atendo/shared';
import { useMediaQuery } from '@mui/material';
import { type ReactNode, useEffect } from 'react';
import { Navigate, Outlet, useLocation, useParams } from 'react-router';
import { AccessDeniedView } from '../features/system/components/AccessDeniedView';
import { ApiError } from '../shared/api/client';
import { type LoginRedirectState, useCurrentUser, useSession } from '../shared/session/context';
import { LoadError } from '../shared/ui/LoadError';
import { Loading } from '../shared/ui/Loading';
import { NoPermission } from '../shared/ui/NoPermission';
import { PlanGate, useDeniedRedirect } from '../shared/ui/PlanGate';

/** The API did not answer at start: say so, with a retry, instead of a blank page or a sign-in that cannot work. */
function Unreachable({ onRetry }: { onRetry: () => void }) {
  return <LoadError error={new ApiError(0, null, 'network')} onRetry={onRetry} fullScreen />;
}

/** /login, /signup, /recovery-password: an authenticated user is sent to /. */
export function PublicOnly() {
  const { status, landing, retry } = useSession();
  if (status === 'loading') return <Loading fullScreen />;
  if (status === 'unreachable') return <Unreachable onRetry={retry} />;
  if (status === 'authenticated') return <Navigate to={landing ?? '/'} replace />;
  return <Outlet />;
}

/** Everything else: an anonymous visitor goes to /login, and comes back after signing in. */
export function RequireAuth() {
  const { status, landing, clearLanding, retry } = useSession();
  const location = useLocation();
  // once inside, the sign-in target is spent
  useEffect(() => {
    if (status === 'authenticated' && landing) clearLanding();
  }, [status, landing, clearLanding]);
  if (status === 'loading') return <Loading fullScreen />;
  if (status === 'unreachable') return <Unreachable onRetry={retry} />;
  if (status === 'anonymous') {
    const state: LoginRedirectState = { from: `${location.pathname}${location.search}${location.hash}` };
    return <Navigate to="/login" replace state={state} />;
  }
  return <Outlet />;
}

export interface RouteAccess {
  /** Super users only: others get the plan-gate toast and go to / ('home'), or go to /tickets. */
  superOnly?: 'home' | 'tickets';
  /** The permission the page needs, and what a refused user sees: the 403 page or the in-page view. */
  permission?: { name: Permission; denied: 'forbidden' | 'noPermission' };
  /** The plan flag the page needs (toast and redirect to / when off). */
  plan?: PlanFlag;
  /** Usable on screens up to 768 px; otherwise those screens go to /tickets. */
  narrowOk?: boolean;
}

function SuperOnly({ onDenied, children }: { onDenied: 'home' | 'tickets'; children: ReactNode }) {
  const user = useCurrentUser();
  const allowed = isSuper(user);
  useDeniedRedirect(!allowed && onDenied === 'home');
  if (allowed) return <>{children}</>;
  if (onDenied === 'tickets') return <Navigate to="/tickets" replace />;
  return null;
}

/** Applies a route's access rules, outermost first: screen width, super flag, permission, plan. */
export function RouteGate({ access = {}, children }: { access?: RouteAccess; children: ReactNode }) {
  const user = useCurrentUser();
  const narrow = useMediaQuery(`(max-width:${NARROW_SCREEN_PX}px)`, { noSsr: true });
  if (narrow && !access.narrowOk) return <Navigate to="/tickets" replace />;
  let content = children;
  if (access.plan) content = <PlanGate flag={access.plan}>{content}</PlanGate>;
  if (access.permission && !can(user, access.permission.name)) {
    content = access.permission.denied === 'forbidden' ? <AccessDeniedView /> : <NoPermission />;
  }
  if (access.superOnly) content = <SuperOnly onDenied={access.superOnly}>{content}</SuperOnly>;
  return <>{content}</>;
}

/** /tickets/undefined (or an empty id) goes back to /tickets (seed 000 §2). */
export function TicketIdGuard({ children }: { children: ReactNode }) {
  const { ticketId } = useParams();
  if (ticketId !== undefined && (ticketId === 'undefined' || ticketId.trim() === '')) return <Navigate to="/tickets" replace />;
  return <>{children}</>;
}
