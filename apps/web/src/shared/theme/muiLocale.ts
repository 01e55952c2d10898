import { enUS, esES, ptBR, trTR } from '@mui/material/locale';
import { enUS as chartsEnUS, ptBR as chartsPtBR } from '@mui/x-charts/locales';
import type { LanguageCode } from '../i18n';

/** x-charts ships no Spanish or Turkish: their overlay texts, in the theme shape of its own locales. */
const chartsOverlay = (loading: string, noData: string) => ({
  components: { MuiChartsLocalizationProvider: { defaultProps: { localeText: { loading, noData } } } },
});

/**
 * MUI's own texts (Autocomplete's Open/Close/No options/Loading…, pagination's Rows per page and "of", Alert's Close,
 * the charts' overlays) in the user's language: theme arguments for createTheme, switched with i18next (issue 30 item 12).
 */
export const MUI_LOCALES: Record<LanguageCode, object[]> = {
  pt: [ptBR, chartsPtBR],
  en: [enUS, chartsEnUS],
  // esES says 'Abierto' (opened) on the button that opens the list
  es: [
    esES,
    { components: { MuiAutocomplete: { defaultProps: { openText: 'Abrir' } } } },
    chartsOverlay('Cargando datos…', 'No hay datos para mostrar'),
  ],
  tr: [trTR, chartsOverlay('Veriler yükleniyor…', 'Gösterilecek veri yok')],
};
