import { LANGUAGES, type Language } from '@atendo/shared';

/** The product's language when the request names none (the web app's default too). */
export const DEFAULT_LANGUAGE: Language = 'pt';

const isLanguage = (value: string): value is Language => (LANGUAGES as readonly string[]).includes(value);

/**
 * The language a response is written in: the UI language the client names (`?lang=`), else the best
 * supported one of its Accept-Language (by q, "pt-BR" counts as pt), else Portuguese.
 */
export function responseLanguage(named: string | undefined, acceptLanguage: string | undefined): Language {
  if (named && isLanguage(named)) return named;
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .map((part, order) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { base: tag.toLowerCase().split(/[-_]/)[0], q: q ? Number(q.slice(2)) || 0 : 1, order };
    })
    .filter((l) => l.q > 0)
    .sort((a, b) => b.q - a.q || a.order - b.order);
  return ranked.map((l) => l.base).find(isLanguage) ?? DEFAULT_LANGUAGE;
}
