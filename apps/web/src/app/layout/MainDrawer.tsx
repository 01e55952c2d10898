import { DRAWER_WIDTH_PX } from '@atendo/shared';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import {
  Badge,
  Box,
  Divider,
  Drawer,
  IconButton,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  ListSubheader,
  Toolbar,
  Tooltip,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { useAppName, usePublicSettings } from '../../shared/hooks/usePublicSettings';
import { useColorMode } from '../theme/colorMode';
import type { MenuEntry, MenuGroup } from './menu';
import { MENU_ICONS } from './menuIcons';

export const MINI_DRAWER_PX = 64;

function isActive(entry: MenuEntry, pathname: string): boolean {
  if (entry.to === '/') return pathname === '/';
  return pathname === entry.to || pathname.startsWith(`${entry.to}/`);
}

interface DrawerEntryProps {
  entry: MenuEntry;
  expanded: boolean;
  selected: boolean;
  attention: boolean;
  onNavigate?: () => void;
}

/** One link; collapsed, it shows its icon with the label as tooltip and accessible name. */
function DrawerEntry({ entry, expanded, selected, attention, onNavigate }: DrawerEntryProps) {
  const { t } = useTranslation();
  const Icon = MENU_ICONS[entry.key];
  const label = t(`menu.${entry.key}`);
  const button = (
    <ListItemButton
      component={NavLink}
      to={entry.to}
      end={entry.to === '/'}
      selected={selected}
      onClick={onNavigate}
      aria-label={expanded ? undefined : attention ? `${label} ${t('menu.connectionsAttention')}` : label}
      sx={{ minHeight: 40, px: expanded ? 2 : 2.5, borderRadius: 1, mx: 0.5 }}
    >
      <ListItemIcon sx={{ minWidth: expanded ? 40 : 0 }}>
        <Badge variant="dot" color="error" invisible={!attention} overlap="circular">
          <Icon fontSize="small" />
        </Badge>
      </ListItemIcon>
      {expanded && <ListItemText primary={label} />}
      {expanded && attention && <span className="visually-hidden">{t('menu.connectionsAttention')}</span>}
    </ListItemButton>
  );
  if (expanded) return button;
  return (
    <Tooltip title={label} placement="right">
      {button}
    </Tooltip>
  );
}

interface DrawerContentProps {
  groups: MenuGroup[];
  expanded: boolean;
  connectionsAttention: boolean;
  version: string | null;
  onNavigate?: () => void;
  onCollapse?: () => void;
}

function DrawerContent({ groups, expanded, connectionsAttention, version, onNavigate, onCollapse }: DrawerContentProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const appName = useAppName();
  const { settings } = usePublicSettings();
  const { mode } = useColorMode();
  const logo =
    mode === 'dark' ? (settings.appLogoDark ?? settings.appLogoLight) : (settings.appLogoLight ?? settings.appLogoDark);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Toolbar sx={{ px: expanded ? 2 : 1, justifyContent: expanded ? 'space-between' : 'center', gap: 1 }}>
        {expanded &&
          (logo ? (
            <Box component="img" src={logo} alt={appName} sx={{ maxHeight: 40, maxWidth: 160, objectFit: 'contain' }} />
          ) : (
            <Typography variant="h6" noWrap sx={{ fontWeight: 700, color: 'primary.main' }}>
              {appName}
            </Typography>
          ))}
        {onCollapse && expanded && (
          <IconButton aria-label={t('menu.collapse')} onClick={onCollapse} size="small">
            <ChevronLeft />
          </IconButton>
        )}
      </Toolbar>
      <Divider />
      <Box component="nav" aria-label={t('menu.label')} sx={{ flexGrow: 1, overflowY: 'auto', overflowX: 'hidden' }}>
        {groups.map((group) => (
          <List
            key={group.key}
            dense
            subheader={
              group.key !== 'main' && expanded ? (
                <ListSubheader component="div" sx={{ lineHeight: '32px', bgcolor: 'transparent' }}>
                  {t(`menu.groups.${group.key}`)}
                </ListSubheader>
              ) : undefined
            }
          >
            {group.entries.map((entry) => (
              <DrawerEntry
                key={entry.key}
                entry={entry}
                expanded={expanded}
                selected={isActive(entry, pathname)}
                attention={entry.key === 'connections' && connectionsAttention}
                onNavigate={onNavigate}
              />
            ))}
          </List>
        ))}
      </Box>
      {expanded && version && (
        <Typography variant="caption" color="text.secondary" sx={{ p: 1.5, textAlign: 'center' }}>
          {t('menu.version', { version })}
        </Typography>
      )}
    </Box>
  );
}

export interface MainDrawerProps extends Omit<DrawerContentProps, 'expanded' | 'onCollapse' | 'onNavigate'> {
  narrow: boolean;
  open: boolean;
  onClose: () => void;
}

/** 240 px drawer: permanent (collapsible to icons) on wide screens, temporary on narrow ones. */
export function MainDrawer({ narrow, open, onClose, ...content }: MainDrawerProps) {
  if (narrow) {
    return (
      <Drawer
        variant="temporary"
        open={open}
        onClose={onClose}
        ModalProps={{ keepMounted: true }}
        sx={{ '& .MuiDrawer-paper': { width: DRAWER_WIDTH_PX } }}
      >
        <DrawerContent {...content} expanded onNavigate={onClose} />
      </Drawer>
    );
  }
  const width = open ? DRAWER_WIDTH_PX : MINI_DRAWER_PX;
  return (
    <Drawer
      variant="permanent"
      open={open}
      sx={{
        width,
        flexShrink: 0,
        whiteSpace: 'nowrap',
        transition: (theme) => theme.transitions.create('width'),
        '& .MuiDrawer-paper': { width, overflowX: 'hidden', transition: (theme) => theme.transitions.create('width') },
      }}
    >
      <DrawerContent {...content} expanded={open} onCollapse={onClose} />
    </Drawer>
  );
}
