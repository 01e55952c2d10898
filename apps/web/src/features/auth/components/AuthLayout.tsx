import DarkModeOutlined from '@mui/icons-material/DarkModeOutlined';
import LightModeOutlined from '@mui/icons-material/LightModeOutlined';
import TranslateOutlined from '@mui/icons-material/TranslateOutlined';
import { Box, IconButton, Menu, MenuItem, Paper, Tooltip, Typography } from '@mui/material';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppName, usePublicSettings } from '../../../shared/hooks/usePublicSettings';
import { changeLanguage, LANGUAGES, normalizeLanguage } from '../../../shared/i18n';
import { useColorMode } from '../../../shared/theme/colorMode';

function PublicToolbar() {
  const { t, i18n } = useTranslation();
  const { mode, toggle } = useColorMode();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const current = normalizeLanguage(i18n.language) ?? 'pt';
  const themeLabel = mode === 'dark' ? t('topbar.lightMode') : t('topbar.darkMode');
  return (
    <Box sx={{ position: 'absolute', top: 8, right: 8, display: 'flex', gap: 0.5 }}>
      <Tooltip title={t('profileMenu.language')}>
        <IconButton
          aria-label={t('profileMenu.language')}
          aria-haspopup="menu"
          aria-controls={anchor ? menuId : undefined}
          onClick={(e) => setAnchor(e.currentTarget)}
        >
          <TranslateOutlined />
        </IconButton>
      </Tooltip>
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {LANGUAGES.map((lang) => (
          <MenuItem
            key={lang.code}
            lang={lang.htmlLang}
            selected={lang.code === current}
            onClick={() => {
              setAnchor(null);
              void changeLanguage(lang.code);
            }}
          >
            {lang.label}
          </MenuItem>
        ))}
      </Menu>
      <Tooltip title={themeLabel}>
        <IconButton aria-label={themeLabel} onClick={toggle}>
          {mode === 'dark' ? <LightModeOutlined /> : <DarkModeOutlined />}
        </IconButton>
      </Tooltip>
    </Box>
  );
}

/** The frame of the public pages: brand (logo or app name), a card, language and theme switches. */
export function AuthLayout({ title, children, maxWidth = 440 }: { title: string; children: ReactNode; maxWidth?: number }) {
  const appName = useAppName();
  const { settings } = usePublicSettings();
  const { mode } = useColorMode();
  const logo =
    mode === 'dark' ? (settings.appLogoDark ?? settings.appLogoLight) : (settings.appLogoLight ?? settings.appLogoDark);
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        p: 2,
        position: 'relative',
        background: (theme) =>
          theme.palette.mode === 'light'
            ? `linear-gradient(135deg, ${theme.palette.primary.main}14 0%, ${theme.palette.background.default} 60%)`
            : theme.palette.background.default,
      }}
    >
      <PublicToolbar />
      <Paper elevation={3} sx={{ width: '100%', maxWidth, p: { xs: 3, sm: 4 } }}>
        <Box sx={{ textAlign: 'center', mb: 3 }}>
          {logo ? (
            <Box component="img" src={logo} alt={appName} sx={{ maxHeight: 72, maxWidth: '80%', objectFit: 'contain' }} />
          ) : (
            <Typography variant="h4" component="p" sx={{ fontWeight: 800, color: 'primary.main', letterSpacing: -0.5 }}>
              {appName}
            </Typography>
          )}
          <Typography variant="h6" component="h1" sx={{ mt: 1 }}>
            {title}
          </Typography>
        </Box>
        {children}
      </Paper>
    </Box>
  );
}
