import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The web dependency rule (issue 38 item 5, docs/architecture.md "Web layers"): `shared/` imports only `shared/`
 * (and the `locales/` bundles); `features/<name>/` imports `shared/`, `locales/` and its own folder; `app/` (the
 * shell) composes features and may import anything. Test files are held to the same rule as the folder they sit
 * in, and may also use the helpers in `test/`, which are themselves held to the `shared/` rule. `locales/` is held to
 * the `shared/` rule too, but for its glob of the features' translation files.
 */
const SRC = join(__dirname);

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

/**
 * Every module specifier a file names: static imports and re-exports, `import()` (also in types), `vi.mock()` and
 * friends, `import.meta.glob()`.
 */
function specifiers(text: string): string[] {
  const patterns = [
    /(?:^|[\s;}])(?:import|export)\s[^'"`;]*?\sfrom\s*['"]([^'"]+)['"]/g,
    /(?:^|[\s;}])import\s*['"]([^'"]+)['"]/g,
    /\bimport\(\s*['"`]([^'"`]+)['"`]\s*\)/g,
    /\bvi\.(?:mock|doMock|unmock|doUnmock|importActual|importMock)(?:<[^>]*>)?\(\s*['"`]([^'"`]+)['"`]/g,
    /\bimport\.meta\.glob(?:<[^>]*>)?\(\s*['"`]([^'"`]+)['"`]/g,
  ];
  return patterns.flatMap((re) => [...text.matchAll(re)].map((m) => m[1]));
}

/** The file (relative to src/, with `/`) a relative specifier names, or null for a package. */
function resolve(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const base = join(dirname(join(SRC, from)), spec);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')];
  const found = candidates.find((c) => existsSync(c) && statSync(c).isFile()) ?? base;
  return relative(SRC, found).split(sep).join('/');
}

type Layer = { kind: 'shared' | 'locales' | 'test' | 'app' | 'entry' } | { kind: 'feature'; name: string };

function layerOf(path: string): Layer {
  const [top, second] = path.split('/');
  if (top === 'features') return { kind: 'feature', name: second };
  if (top === 'shared' || top === 'locales' || top === 'test' || top === 'app') return { kind: top };
  return { kind: 'entry' };
}

const isTest = (path: string) => /\.test\.tsx?$/.test(path);

/** Whether `from` may import `to` under the rule. */
function allowed(from: string, to: string): boolean {
  const a = layerOf(from);
  const b = layerOf(to);
  if (a.kind === 'app' || a.kind === 'entry') return true;
  // the one exception: the i18n bundles gather every feature's translation files (JSON, no code) by a glob
  if (a.kind === 'locales' && /^features\/[^/]+\/locales\/[^/]+\.json$/.test(to)) return true;
  if (b.kind === 'shared' || b.kind === 'locales') return true;
  if (b.kind === 'test') return isTest(from) || a.kind === 'test';
  if (a.kind === 'feature' && b.kind === 'feature') return a.name === b.name;
  return false;
}

const files = sources(SRC).map((path) => ({ path: relative(SRC, path).split(sep).join('/'), text: '' }));
for (const f of files) f.text = readFileSync(join(SRC, f.path), 'utf8');

function upward(): string[] {
  return files.flatMap((f) =>
    specifiers(f.text)
      .map((spec) => ({ spec, to: resolve(f.path, spec) }))
      .filter((i): i is { spec: string; to: string } => i.to !== null && !allowed(f.path, i.to))
      .map((i) => `${f.path} -> ${i.spec}`),
  );
}

describe('web layers (issue 38 item 5)', () => {
  it('finds the imports it has to judge', () => {
    expect(specifiers("import a from './a';\nimport {\n  b,\n} from '../b';\nimport './c';")).toEqual(['./a', '../b', './c']);
    expect(specifiers("export { x } from './x'; const m = await import('./m'); vi.mock('../n', () => ({}));")).toEqual([
      './x',
      './m',
      '../n',
    ]);
    expect(allowed('features/a/x.ts', 'features/b/y.ts')).toBe(false);
    expect(allowed('features/a/x.ts', 'app/session/context.ts')).toBe(false);
    expect(allowed('shared/x.ts', 'features/a/y.ts')).toBe(false);
    expect(allowed('features/a/x.ts', 'features/a/y.ts')).toBe(true);
    expect(allowed('features/a/x.ts', 'test/render.tsx')).toBe(false);
    expect(allowed('features/a/x.test.ts', 'test/render.tsx')).toBe(true);
    expect(allowed('app/routes.tsx', 'features/a/y.ts')).toBe(true);
    expect(allowed('locales/bundles.ts', 'features/*/locales/en.json')).toBe(true);
    expect(allowed('shared/i18n.ts', 'features/*/locales/en.json')).toBe(false);
    expect(specifiers("import.meta.glob<Tree>('../features/*/locales/pt.json', { eager: true })")).toEqual([
      '../features/*/locales/pt.json',
    ]);
  });

  it('no import runs upwards: features import shared/ and their own folder, shared/ imports only shared/', () => {
    // a walker or a parser that found nothing would pass: it judges every relative import of the app
    expect(files.flatMap((f) => specifiers(f.text).filter((s) => s.startsWith('.'))).length).toBeGreaterThan(1000);
    expect(upward()).toEqual([]);
  });
});
