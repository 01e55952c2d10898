/**
 * The features' Portuguese texts (features/<feature>/locales/pt.json), added to i18next's Portuguese bundle when
 * this module is evaluated. The signed-in area (app/layout/AppShell) imports it, so they are there before any
 * page of that area renders, and the sign-in pages do not download them.
 */
import i18n from '../shared/i18n';
import { mergeTree, type Tree } from './bundles';

const files = import.meta.glob<Tree>('../features/*/locales/pt.json', { eager: true, import: 'default' });

export function portugueseFeatures(): Tree {
  const out: Tree = {};
  for (const file of Object.values(files)) mergeTree(out, file);
  return out;
}

// Deep and without overwriting: evaluating it twice (tests, hot reload) changes nothing.
i18n.addResourceBundle('pt', 'translation', portugueseFeatures(), true, false);
