import { DRAWER_WIDTH_PX } from '@atendo/shared';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import {
  Badge,
  Box,
  Collapse,
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
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { useAppName, usePublicSettings } from '../../shared/hooks/usePublicSettings';
import { getItem, STORAGE_KEYS, setItem, useStorageItem } from '../../shared/storage';
import { useColorMode } from '../../shared/theme/colorMode';
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
      sx={{
        minHeight: 36,
        py: 0.25,
        px: expanded ? 1.5 : 2.5,
        borderRadius: 1,
        mx: 0.5,
        // the current page: the brand colour on its icon and label, a tinted background
        '&.Mui-selected': { color: 'primary.main', fontWeight: 600 },
        '&.Mui-selected .MuiListItemIcon-root': { color: 'primary.main' },
      }}
    >
      <ListItemIcon sx={{ minWidth: expanded ? 36 : 0 }}>
        <Badge variant="dot" color="error" invisible={!attention} overlap="circular">
          <Icon fontSize="small" />
        </Badge>
      </ListItemIcon>
      {expanded && <ListItemText primary={label} slotProps={{ primary: { noWrap: true, sx: { fontWeight: 'inherit' } } }} />}
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

const foldedSet = (stored: string | null) => new Set((stored ?? '').split(',').filter(Boolean));
/** The stored folded sections with `key` folded or unfolded. */
function toggled(stored: string | null, key: string): string | null {
  const next = foldedSet(stored);
  if (next.has(key)) next.delete(key);
  else next.add(key);
  return [...next].join(',') || null;
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
  const folded = foldedSet(useStorageItem(STORAGE_KEYS.menuFolded));
  const toggleFolded = (key: string) => setItem(STORAGE_KEYS.menuFolded, toggled(getItem(STORAGE_KEYS.menuFolded), key));
  // Arriving at a page (a link, the address bar) unfolds its section: the current page is shown; the user may fold it again.
  const currentGroup = groups.find((g) => g.entries.some((entry) => isActive(entry, pathname)))?.key;
  useEffect(() => {
    const stored = getItem(STORAGE_KEYS.menuFolded);
    if (currentGroup && foldedSet(stored).has(currentGroup)) setItem(STORAGE_KEYS.menuFolded, toggled(stored, currentGroup));
  }, [currentGroup]);
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
      <Box component="nav" aria-label={t('menu.label')} sx={{ flexGrow: 1, overflowY: 'auto', overflowX: 'hidden', py: 0.5 }}>
        {groups.map((group) => {
          const current = group.entries.some((entry) => isActive(entry, pathname));
          // The attendance section never folds; the others fold on a click, remembered in this browser.
          const foldable = expanded && group.key !== 'main' && group.key !== 'expired';
          const open = !foldable || !folded.has(group.key);
          const headingId = `menu-group-${group.key}`;
          return (
            <Box key={group.key} role="group" aria-labelledby={foldable ? headingId : undefined}>
              {foldable && (
                <ListSubheader component="div" disableGutters sx={{ bgcolor: 'transparent', lineHeight: 1, position: 'static' }}>
                  <ListItemButton
                    id={headingId}
                    onClick={() => toggleFolded(group.key)}
                    aria-expanded={open}
                    sx={{ mx: 0.5, px: 1.5, py: 0.5, borderRadius: 1, minHeight: 30 }}
                  >
                    <ListItemText
                      primary={t(`menu.groups.${group.key}`)}
                      slotProps={{
                        primary: { variant: 'overline', sx: { lineHeight: 1.6, letterSpacing: 0.6, color: 'text.secondary' } },
                      }}
                    />
                    {open ? (
                      <ExpandLess fontSize="small" sx={{ color: 'text.secondary' }} />
                    ) : (
                      <ExpandMore fontSize="small" sx={{ color: current ? 'primary.main' : 'text.secondary' }} />
                    )}
                  </ListItemButton>
                </ListSubheader>
              )}
              {!foldable && group.key !== 'main' && expanded && (
                <ListSubheader component="div" sx={{ lineHeight: '32px', bgcolor: 'transparent' }}>
                  {t(`menu.groups.${group.key}`)}
                </ListSubheader>
              )}
              <Collapse in={open} timeout="auto">
                <List component="div" dense disablePadding>
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
              </Collapse>
            </Box>
          );
        })}
      </Box>
      {expanded && version && (
        <Typography variant="caption" color="text.disabled" sx={{ px: 1.5, py: 0.5, textAlign: 'center', fontSize: 11 }}>
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
