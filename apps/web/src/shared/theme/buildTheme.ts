import { FALLBACK_COLOR, PRIMARY_COLOR_DARK, PRIMARY_COLOR_LIGHT } from '@atendo/shared';
import { createTheme, type Theme } from '@mui/material/styles';
import type { LanguageCode } from '../i18n';
import type { ColorMode } from './colorMode';
import { MUI_LOCALES } from './muiLocale';

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** The primary colour: the public setting when it is a colour, the default when unset, the fallback when unusable. */
export function primaryColor(mode: ColorMode, configured: string | undefined): string {
  const value = configured?.trim();
  if (!value) return mode === 'dark' ? PRIMARY_COLOR_DARK : PRIMARY_COLOR_LIGHT;
  return HEX.test(value) ? value : FALLBACK_COLOR;
}

/** Every transition of the theme (dialogs, menus, drawers, collapses) instant: for people who ask the system for less motion. */
const NO_MOTION = {
  transitions: {
    create: () => 'none',
    duration: { shortest: 0, shorter: 0, short: 0, standard: 0, complex: 0, enteringScreen: 0, leavingScreen: 0 },
  },
};

export function buildTheme(mode: ColorMode, primary: string, language: LanguageCode = 'pt', reducedMotion = false): Theme {
  return createTheme(
    {
      ...(reducedMotion ? NO_MOTION : {}),
      palette: {
        mode,
        primary: { main: primary },
        ...(mode === 'light'
          ? { background: { default: '#f4f6fa', paper: '#ffffff' } }
          : { background: { default: '#121418', paper: '#1c1f25' } }),
      },
      shape: { borderRadius: 8 },
      typography: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
      components: {
        MuiButton: { defaultProps: { disableElevation: true }, styleOverrides: { root: { textTransform: 'none' } } },
        ...(reducedMotion ? { MuiButtonBase: { defaultProps: { disableRipple: true } } } : {}),
        MuiTextField: { defaultProps: { size: 'small' } },
      },
    },
    ...MUI_LOCALES[language],
  );
}
