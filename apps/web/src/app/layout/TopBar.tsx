import { isAdmin } from '@atendo/shared';
import DarkModeOutlined from '@mui/icons-material/DarkModeOutlined';
import LightModeOutlined from '@mui/icons-material/LightModeOutlined';
import MenuIcon from '@mui/icons-material/Menu';
import { AppBar, Box, IconButton, Toolbar, Tooltip, Typography } from '@mui/material';
import { Trans, useTranslation } from 'react-i18next';
import { AnnouncementsBell } from '../../features/announcements/components/AnnouncementsBell';
import { ChatsBell } from '../../features/chats/components/ChatsBell';
import { NotificationsBell } from '../../features/notifications/components/NotificationsBell';
import type { UnreadTicket } from '../../features/notifications/hooks/useUnreadTickets';
import { useCurrentUser } from '../../shared/session/context';
import { effectiveDueDate, formatDate } from '../../shared/subscription';
import { useColorMode } from '../../shared/theme/colorMode';
import { ProfileMenu } from './ProfileMenu';
import { VolumeControl } from './VolumeControl';

export interface TopBarProps {
  offset: number;
  narrow: boolean;
  onToggleMenu: () => void;
  unreadTickets: UnreadTicket[];
  showChats: boolean;
  /** The bells (tickets, announcements, chats): hidden while the company is expired, whose API answers them 402. */
  showBells?: boolean;
}

export function TopBar({ offset, narrow, onToggleMenu, unreadTickets, showChats, showBells = true }: TopBarProps) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const { mode, toggle } = useColorMode();
  const due = effectiveDueDate(user.company);
  const themeLabel = mode === 'dark' ? t('topbar.lightMode') : t('topbar.darkMode');

  return (
    // A calm bar: the surface colour with a hairline; the brand colour stays for accents (logo, selection, buttons).
    <AppBar
      position="fixed"
      elevation={0}
      color="inherit"
      sx={{
        bgcolor: 'background.paper',
        color: 'text.primary',
        width: narrow ? '100%' : `calc(100% - ${offset}px)`,
        ml: narrow ? 0 : `${offset}px`,
        transition: (theme) => theme.transitions.create(['width', 'margin']),
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Toolbar sx={{ gap: 0.5 }}>
        <IconButton color="inherit" edge="start" aria-label={t('menu.toggle')} onClick={onToggleMenu} sx={{ mr: 1 }}>
          <MenuIcon />
        </IconButton>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          {!narrow && (
            <Typography noWrap component="p" data-testid="greeting" sx={{ color: 'text.secondary' }}>
              <Trans
                i18nKey="topbar.greeting"
                values={{ name: user.name, company: user.company.name }}
                components={{ b: <Box component="b" sx={{ color: 'text.primary', fontWeight: 600 }} /> }}
              />
              {isAdmin(user) && due && <> {t('topbar.dueDate', { date: formatDate(due) })}</>}
            </Typography>
          )}
        </Box>
        <Tooltip title={themeLabel}>
          <IconButton color="inherit" aria-label={themeLabel} onClick={toggle}>
            {mode === 'dark' ? <LightModeOutlined /> : <DarkModeOutlined />}
          </IconButton>
        </Tooltip>
        <VolumeControl />
        {showBells && (
          <>
            <NotificationsBell tickets={unreadTickets} />
            <AnnouncementsBell />
            {showChats && <ChatsBell userId={user.id} />}
          </>
        )}
        <ProfileMenu />
      </Toolbar>
    </AppBar>
  );
}
