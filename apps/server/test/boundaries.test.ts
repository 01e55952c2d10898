/**
 * The module rule (docs/architecture.md "The module rule"), checked on the source files themselves:
 * - `channels/`, `platform/` and `db/` import no module (the composition root, src/composition.ts, wires them);
 * - a module uses another module only through its service or public file (`*.service.ts`, `*.public.ts`; a test may
 *   also run another module's job definitions), never through its `*.repository` — tests included;
 * - no SQL on contacts, tickets or messages under `channels/` (adapters reach them through the ingest port);
 * - HTTP stays in routes (docs/architecture.md "HTTP stays in routes"): no `*.service.ts` imports a type or a value
 *   from 'fastify' (or '@fastify/…'); a module's routes are registered by one shape, `xRoutes(app, deps, service)`,
 *   and no routes file builds a service (each is built once, in src/composition.ts).
 * Test code under channels/ (`*.test.ts` and the fixtures `testing.ts`, `*.testing.ts`) is left out of the first and
 * third rules: a channel's integration test drives the real send and download jobs of modules/messages and reads what
 * ingest stored, which is the point of it. Every other file, tests included, is checked.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'migrations' ? [] : sourceFiles(full);
    return e.name.endsWith('.ts') ? [full] : [];
  });
}

/** Every relative module specifier a file imports or re-exports (static and dynamic), resolved against the file. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [
    ...text.matchAll(/\b(?:import|export)\b[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/g),
    ...text.matchAll(/\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g),
    ...text.matchAll(/^\s*import\s*['"]([^'"]+)['"]/gm),
  ].map((m) => m[1]);
  return specifiers.filter((s) => s.startsWith('.')).map((s) => path.resolve(path.dirname(file), s));
}

const rel = (p: string) => path.relative(src, p).split(path.sep).join('/');
/** Tests and their fixtures. */
const isTestCode = (p: string) => /(\.test|\.testing|\/testing)\.ts$/.test(p);
const files = sourceFiles(src);

/** The violations of the rule in the given files (exported shape kept small so the failure message lists them). */
function violations() {
  const found: string[] = [];
  for (const file of files) {
    const from = rel(file);
    const [top, moduleName] = from.split('/');
    const isTest = isTestCode(from);
    for (const target of importsOf(file)) {
      const to = rel(target);
      if (!to.startsWith('modules/')) continue;
      if ((top === 'platform' || top === 'db' || (top === 'channels' && !isTest)) && to.startsWith('modules/')) {
        found.push(`${from} imports ${to} (channels/, platform/ and db/ import no module)`);
      }
      const [, targetModule, targetFile] = to.split('/');
      if (top !== 'modules' || !targetFile || targetModule === moduleName) continue;
      if (/\.repository(\.ts)?$/.test(targetFile)) {
        found.push(`${from} imports ${to} (another module's repository)`);
      } else if (!isTest && !/\.(service|public)(\.ts)?$/.test(targetFile)) {
        found.push(`${from} imports ${to} (another module is used through its service or public file)`);
      }
    }
  }
  return found;
}

describe('module boundaries', () => {
  it('finds the source files it checks', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files.some((f) => rel(f) === 'modules/tickets/tickets.service.ts')).toBe(true);
  });

  it('channels/, platform/ and db/ import no module; a module uses another only through its service or public file', () => {
    expect(violations()).toEqual([]);
  });

  it('channels/ holds no SQL on contacts, tickets or messages', () => {
    const found: string[] = [];
    for (const file of files) {
      const from = rel(file);
      if (!from.startsWith('channels/') || isTestCode(from)) continue;
      const text = readFileSync(file, 'utf8');
      if (/\b(?:FROM|JOIN|INTO|UPDATE)\s+(?:contacts|tickets|messages)\b/i.test(text)) found.push(`${from}: SQL`);
      if (/import\s*\{[^}]*\b(?:contacts|tickets|messages)\b[^}]*\}\s*from\s*['"][./]*db\/schema/.test(text)) {
        found.push(`${from}: schema table`);
      }
    }
    expect(found).toEqual([]);
  });

  it("no service imports from 'fastify': the route reads the request and hands the service plain values", () => {
    const found = files
      .map(rel)
      .filter((f) => f.endsWith('.service.ts'))
      .filter((f) => /\bfrom\s*['"](?:fastify|@fastify\/[^'"]+)['"]/.test(readFileSync(path.join(src, f), 'utf8')));
    expect(found).toEqual([]);
  });

  it('every module registers its routes as xRoutes(app, deps, service) and builds no service itself', () => {
    const found: string[] = [];
    for (const f of files.map(rel).filter((f) => f.startsWith('modules/') && f.endsWith('.routes.ts'))) {
      const text = readFileSync(path.join(src, f), 'utf8');
      for (const m of text.matchAll(/export function \w+Routes\(([^)]*)\)/g)) {
        if (!/^app: App, _?deps: CoreDeps(, \w+: .+)?$/.test(m[1])) found.push(`${f}: (${m[1]})`);
      }
      if (/\bcreate\w+Service\(/.test(text)) found.push(`${f} builds a service`);
    }
    expect(found).toEqual([]);
  });
});
