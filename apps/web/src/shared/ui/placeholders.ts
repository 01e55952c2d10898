import { TEMPLATE_PLACEHOLDERS } from '@atendo/shared';
import { useTranslation } from 'react-i18next';

/** The placeholders every text a customer receives may carry (formatTemplate of @atendo/shared), as they are written. */
export const PLACEHOLDER_LIST = TEMPLATE_PLACEHOLDERS.map((v) => `{{${v}}}`).join(' ');

/** The helper text of such a field: which placeholders it fills (any other is refused on save; issue 31 item 6). */
export function usePlaceholdersHelp() {
  const { t } = useTranslation();
  return t('common.placeholdersHelp', { vars: PLACEHOLDER_LIST, interpolation: { escapeValue: false } });
}
