import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { loadBundle, portugueseBundle } from '../locales/bundles';
import { getItem, STORAGE_KEYS, setItem } from './storage';

export const LANGUAGES = [
  { code: 'pt', label: 'Português', htmlLang: 'pt-BR' },
  { code: 'en', label: 'English', htmlLang: 'en' },
  { code: 'es', label: 'Español', htmlLang: 'es' },
  { code: 'tr', label: 'Türkçe', htmlLang: 'tr' },
] as const;
export type LanguageCode = (typeof LANGUAGES)[number]['code'];
export const DEFAULT_LANGUAGE: LanguageCode = 'pt';

export function isLanguage(value: unknown): value is LanguageCode {
  return typeof value === 'string' && LANGUAGES.some((l) => l.code === value);
}

/** Accepts 'en', 'en-US', 'pt-BR', 'pt_BR'… and answers one of the four, or null. */
export function normalizeLanguage(value: string | null | undefined): LanguageCode | null {
  if (!value) return null;
  const base = value.toLowerCase().split(/[-_]/)[0];
  return isLanguage(base) ? base : null;
}

void i18n.use(initReactI18next).init({
  resources: { pt: { translation: portugueseBundle() } },
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  interpolation: { escapeValue: false },
  returnNull: false,
  // i18next 27 turned this default off; an empty translation stays empty (a label that is deliberately blank).
  returnEmptyString: true,
  react: { useSuspense: false },
});

export async function changeLanguage(code: LanguageCode, persist = true): Promise<void> {
  if (code !== 'pt' && !i18n.hasResourceBundle(code, 'translation')) {
    const bundle = await loadBundle(code);
    i18n.addResourceBundle(code, 'translation', bundle, true, true);
  }
  await i18n.changeLanguage(code);
  document.documentElement.lang = LANGUAGES.find((l) => l.code === code)?.htmlLang ?? code;
  if (persist) setItem(STORAGE_KEYS.language, code);
}

/** The language chosen in this browser, if any. */
export function storedLanguage(): LanguageCode | null {
  return normalizeLanguage(getItem(STORAGE_KEYS.language));
}

/** Before the first render: load the stored language so the first paint is already translated. */
export async function initLanguage(): Promise<void> {
  const stored = storedLanguage();
  if (stored && stored !== DEFAULT_LANGUAGE) {
    try {
      await changeLanguage(stored, false);
    } catch {
      // the chunk could not load: Portuguese stays
    }
  } else {
    document.documentElement.lang = 'pt-BR';
  }
}

export default i18n;
