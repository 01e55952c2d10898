import { ERROR_CODES, V } from '@atendo/shared';
import { describe, expect, it } from 'vitest';
import { type Lang, mergeTree, type Tree } from './bundles';
import en from './en.json';
import es from './es.json';
import pt from './pt.json';
import tr from './tr.json';

// the same files the app merges: core + every feature's locales/{lang}.json
const featureFiles = import.meta.glob<Tree>('../features/*/locales/*.json', { eager: true, import: 'default' });
const conflicts: Record<Lang, string[]> = { pt: [], en: [], es: [], tr: [] };
function whole(lang: Lang, core: Tree): Tree {
  const out = mergeTree({}, core, conflicts[lang]);
  for (const [path, file] of Object.entries(featureFiles)) {
    if (path.endsWith(`/locales/${lang}.json`)) mergeTree(out, file, conflicts[lang]);
  }
  return out;
}

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();
const tags = (text: string) => [...text.matchAll(/<(\w+)>/g)].map((m) => m[1]).sort();

const source = flatten(whole('pt', pt as Tree));
const others = {
  en: flatten(whole('en', en as Tree)),
  es: flatten(whole('es', es as Tree)),
  tr: flatten(whole('tr', tr as Tree)),
};
const all = { pt: source, ...others };

describe('locales', () => {
  it('no text is defined twice across the core and the feature files', () => {
    expect(conflicts).toEqual({ pt: [], en: [], es: [], tr: [] });
  });

  for (const [lang, keys] of Object.entries(others)) {
    it(`${lang}.json has every key of pt.json`, () => {
      const missing = [...source.keys()].filter((k) => !keys.has(k));
      expect(missing, `missing in ${lang}.json`).toEqual([]);
    });

    it(`${lang}.json has no key that pt.json lacks`, () => {
      const extra = [...keys.keys()].filter((k) => !source.has(k));
      expect(extra, `only in ${lang}.json`).toEqual([]);
    });

    it(`${lang}.json keeps the placeholders and tags of pt.json`, () => {
      const wrong = [...source.entries()]
        .filter(([k]) => keys.has(k))
        .filter(([k, text]) => {
          const other = keys.get(k) as string;
          return placeholders(text).join() !== placeholders(other).join() || tags(text).join() !== tags(other).join();
        })
        .map(([k]) => k);
      expect(wrong).toEqual([]);
    });
  }

  for (const [lang, keys] of Object.entries(all)) {
    it(`${lang}: every API error code is translated`, () => {
      const missing = ERROR_CODES.filter((code) => !keys.get(`errors.${code}`)?.trim());
      expect(missing).toEqual([]);
    });

    it(`${lang}: every validation message key of @atendo/shared is translated`, () => {
      const missing = Object.values(V).filter((key) => !keys.get(key)?.trim());
      expect(missing).toEqual([]);
    });

    it(`${lang}: no empty text`, () => {
      expect([...keys.entries()].filter(([, v]) => !v.trim()).map(([k]) => k)).toEqual([]);
    });
  }

  // i18next picks _one/_other by Intl.PluralRules, and Portuguese counts 0 as "one" ("0 ticket"); i18next uses a
  // _zero form first whenever count is 0 (issue 31 item 13).
  it('every plural has _zero, _one and _other forms', () => {
    const bases = [...source.keys()].filter((k) => /_(zero|one|other)$/.test(k)).map((k) => k.replace(/_(zero|one|other)$/, ''));
    const incomplete = [...new Set(bases)].filter((b) => !['zero', 'one', 'other'].every((f) => source.has(`${b}_${f}`)));
    expect(incomplete).toEqual([]);
  });

  it('a text that counts things with {{count}} is a plural ("1 respostas" is not written)', () => {
    // texts where the count is a figure beside a label, not a noun's quantity
    const asFigure = new Set([
      'signup.planUsers',
      'signup.planConnections',
      'signup.planQueues',
      'tickets.forward.selected',
      'tickets.forward.count',
      'contacts.importPage.selected',
      'charts.total',
      'schedulesPage.more',
    ]);
    const single = [...source.entries()]
      .filter(([k, text]) => /{{\s*count\s*}}/.test(text) && !/_(zero|one|other)$/.test(k) && !asFigure.has(k))
      .map(([k]) => k);
    expect(single).toEqual([]);
  });

  it('no English text is left in pt, es or tr ("Bot saved successfully")', () => {
    for (const lang of ['pt', 'es', 'tr'] as const) {
      const english = [...all[lang].entries()]
        .filter(([, text]) => /\b(successfully|saved|please)\b/i.test(text))
        .map(([k]) => k);
      expect(english, lang).toEqual([]);
    }
  });

  it('keeps the texts the seeds quote in Portuguese', () => {
    expect(source.get('forbidden.title')).toBe('Oops! Acesso Negado!');
    expect(source.get('confirmation.title')).toBe('Exclusão de Registro');
    expect(source.get('confirmation.message')).toBe('Deseja realmente excluir esse registro?');
    expect(source.get('session.loggedInElsewhere')).toBe('Sua conta foi acessada em outro computador.');
    expect(source.get('planGate.denied')).toBe(
      'Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.',
    );
    expect(source.get('recovery.codeSent')).toBe('Código de verificação enviado com sucesso!');
    expect(source.get('recovery.saved')).toBe('Senha atualizada com sucesso!');
    expect(source.get('recovery.attemptsExceeded')).toBe('Tentativas excedidas. Redirecionando...');
    expect(others.en.get('errors.generic')).toBe('An error occurred!');
  });
});
