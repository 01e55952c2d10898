import { can, DRAWER_WIDTH_PX, NARROW_SCREEN_PX, planAllows } from '@atendo/shared';
import { Box, Toolbar, useMediaQuery } from '@mui/material';
import { Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import '../../locales/portuguese-features';
import { useUnreadTickets } from '../../features/notifications/hooks/useUnreadTickets';
import { RequiredTwoFactorGate } from '../../features/security/components/RequiredTwoFactorGate';
import { useDesktopNotifications } from '../../features/tickets/hooks/useDesktopNotifications';
import { useConnectionsAttention } from '../../shared/data/connections/useConnectionsAttention';
import { useCompanyPlan } from '../../shared/hooks/useCompanyPlan';
import { useAppName } from '../../shared/hooks/usePublicSettings';
import { useVersion } from '../../shared/hooks/useVersion';
import { useCurrentUser } from '../../shared/session/context';
import { SocketProvider } from '../../shared/socket/SocketProvider';
import { STORAGE_KEYS, useStorageItem } from '../../shared/storage';
import { isSubscriptionValid } from '../../shared/subscription';
import { formatTabTitle } from '../../shared/tabTitle';
import { Loading } from '../../shared/ui/Loading';
import { ErrorBoundary } from '../ErrorBoundary';
import { MainDrawer, MINI_DRAWER_PX } from './MainDrawer';
import { buildMenu } from './menu';
import { TopBar } from './TopBar';

function Shell() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const narrow = useMediaQuery(`(max-width:${NARROW_SCREEN_PX}px)`, { noSsr: true });
  const [wideOpen, setWideOpen] = useState(user.defaultMenu !== 'closed');
  const [mobileOpen, setMobileOpen] = useState(false);
  const { plan } = useCompanyPlan();
  const campaignsFlag = Boolean(useStorageItem(STORAGE_KEYS.cshow));
  const groups = useMemo(() => buildMenu({ user, plan, campaignsFlag }), [user, plan, campaignsFlag]);
  // an expired company can only reach /financeiro: nothing else is read, since the API would answer 402 (issue 30 item 7)
  const expired = !isSubscriptionValid(user.company);
  const connectionsAttention = useConnectionsAttention(!expired && can(user, 'connections:view'));
  const unread = useUnreadTickets(!expired);
  useDesktopNotifications();
  const appName = useAppName();
  const version = useVersion();
  const { pathname } = useLocation();

  useEffect(() => {
    document.title = formatTabTitle(appName, unread.count);
  }, [appName, unread.count]);

  const offset = narrow ? 0 : wideOpen ? DRAWER_WIDTH_PX : MINI_DRAWER_PX;
  const open = narrow ? mobileOpen : wideOpen;
  const toggle = () => (narrow ? setMobileOpen((v) => !v) : setWideOpen((v) => !v));

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <a className="skip-link" href="#main-content">
        {t('menu.skipToContent')}
      </a>
      <TopBar
        offset={offset}
        narrow={narrow}
        onToggleMenu={toggle}
        unreadTickets={unread.tickets}
        showChats={planAllows(plan, 'useInternalChat')}
        showBells={!expired}
      />
      <MainDrawer
        narrow={narrow}
        open={open}
        onClose={() => (narrow ? setMobileOpen(false) : setWideOpen(false))}
        groups={groups}
        connectionsAttention={connectionsAttention}
        version={version}
      />
      <Box component="main" id="main-content" tabIndex={-1} sx={{ flexGrow: 1, minWidth: 0, outline: 'none' }}>
        <Toolbar />
        {/* a page that fails keeps the menu; moving to another page starts afresh */}
        <ErrorBoundary resetKey={pathname}>
          <Suspense fallback={<Loading />}>
            {expired && pathname !== '/financeiro' ? <Navigate to="/financeiro" replace /> : <Outlet />}
          </Suspense>
        </ErrorBoundary>
      </Box>
    </Box>
  );
}

/** The private area: one socket per session, drawer, top bar and the current page. */
export default function AppShell() {
  const user = useCurrentUser();
  return (
    <SocketProvider user={user}>
      <Shell />
      <RequiredTwoFactorGate />
    </SocketProvider>
  );
}
