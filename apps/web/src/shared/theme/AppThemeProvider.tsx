import { CssBaseline, useMediaQuery } from '@mui/material';
import { ThemeProvider } from '@mui/material/styles';
import { type ReactNode, useCallback, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { usePublicSettings } from '../hooks/usePublicSettings';
import { DEFAULT_LANGUAGE, normalizeLanguage } from '../i18n';
import { STORAGE_KEYS, setItem, useStorageItem } from '../storage';
import { buildTheme, primaryColor } from './buildTheme';
import { type ColorMode, ColorModeContext } from './colorMode';

function setFavicon(href: string) {
  let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'icon';
    document.head.appendChild(link);
  }
  link.href = href;
}

/** MUI theme from the public settings; light/dark kept as preferredTheme, defaulting to the system's; the system's motion preference. */
export function AppThemeProvider({ children }: { children: ReactNode }) {
  const prefersDark = useMediaQuery('(prefers-color-scheme: dark)', { noSsr: true });
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)', { noSsr: true });
  const stored = useStorageItem(STORAGE_KEYS.preferredTheme);
  const mode: ColorMode = stored === 'dark' || stored === 'light' ? stored : prefersDark ? 'dark' : 'light';
  const { settings } = usePublicSettings();
  const { i18n } = useTranslation();
  const language = normalizeLanguage(i18n.language) ?? DEFAULT_LANGUAGE;

  const toggle = useCallback(() => setItem(STORAGE_KEYS.preferredTheme, mode === 'light' ? 'dark' : 'light'), [mode]);
  const colorMode = useMemo(() => ({ mode, toggle }), [mode, toggle]);

  const configured = mode === 'dark' ? settings.primaryColorDark : settings.primaryColorLight;
  // MUI's built-in texts follow the user's language (issue 30 item 12)
  // the system's "reduce motion" makes every transition instant (WCAG 2.3.3)
  const theme = useMemo(
    () => buildTheme(mode, primaryColor(mode, configured), language, reducedMotion),
    [mode, configured, language, reducedMotion],
  );

  useEffect(() => {
    if (settings.appLogoFavicon) setFavicon(settings.appLogoFavicon);
  }, [settings.appLogoFavicon]);

  useEffect(() => {
    document.documentElement.style.colorScheme = mode;
  }, [mode]);

  return (
    <ColorModeContext.Provider value={colorMode}>
      <ThemeProvider theme={theme}>
        <CssBaseline enableColorScheme />
        {children}
      </ThemeProvider>
    </ColorModeContext.Provider>
  );
}
