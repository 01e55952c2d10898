/**
 * The translation of a language is its core file (locales/{lang}.json) merged with every feature's own
 * file (features/<feature>/locales/{lang}.json). A feature keeps its texts beside its code, under its
 * own top-level key, so features are translated without touching one shared file.
 */
import pt from './pt.json';

export type Tree = { [key: string]: string | Tree };
export type Lang = 'pt' | 'en' | 'es' | 'tr';

const isTree = (value: unknown): value is Tree => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Deep merge of `source` into `target`; a leaf defined twice is a mistake and is reported by the locale test. */
export function mergeTree(target: Tree, source: Tree, conflicts: string[] = [], prefix = ''): Tree {
  for (const [key, value] of Object.entries(source)) {
    const path = prefix ? `${prefix}.${key}` : key;
    const current = target[key];
    if (isTree(value) && isTree(current)) mergeTree(current, value, conflicts, path);
    else {
      if (current !== undefined) conflicts.push(path);
      target[key] = isTree(value) ? mergeTree({}, value, conflicts, path) : value;
    }
  }
  return target;
}

const lazyCores: Record<Exclude<Lang, 'pt'>, () => Promise<{ default: Tree }>> = {
  en: () => import('./en.json'),
  es: () => import('./es.json'),
  tr: () => import('./tr.json'),
};

// Portuguese core ships in the entry chunk (default and fallback, and all the sign-in pages need); the features'
// Portuguese texts ship with the signed-in area (locales/portuguese-features.ts, imported by app/layout/AppShell),
// so /login does not download the texts of forty pages; the other languages load whole, on demand.
const lazyFeatures: Record<Exclude<Lang, 'pt'>, Record<string, () => Promise<Tree>>> = {
  en: import.meta.glob<Tree>('../features/*/locales/en.json', { import: 'default' }),
  es: import.meta.glob<Tree>('../features/*/locales/es.json', { import: 'default' }),
  tr: import.meta.glob<Tree>('../features/*/locales/tr.json', { import: 'default' }),
};

/** Portuguese core (synchronous: it is the first paint's language). */
export function portugueseBundle(): Tree {
  return mergeTree({}, pt);
}

/** Another language, whole: its core plus every feature file, loaded together. */
export async function loadBundle(lang: Exclude<Lang, 'pt'>): Promise<Tree> {
  const [core, ...files] = await Promise.all([
    lazyCores[lang]().then((m) => m.default),
    ...Object.values(lazyFeatures[lang]).map((load) => load()),
  ]);
  const out = mergeTree({}, core);
  for (const file of files) mergeTree(out, file);
  return out;
}
