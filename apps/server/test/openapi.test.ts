/**
 * The committed OpenAPI document (openapi.json at the repository root) is the one the code builds, and every route
 * describes its input and its success answer (issue 32 item 2; docs/api.md). `npm run openapi` rewrites the file.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './harness';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const FILE = path.join(ROOT, 'openapi.json');
const WRITE = process.env.OPENAPI_WRITE === '1';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(async () => t?.close());

/** Objects with their keys sorted (arrays keep their order): the file diffs line by line. */
function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, sorted((value as Record<string, unknown>)[k])]),
    );
  return value;
}

/** The document as committed: the release version (not the test build's) and sorted keys. */
function built(): string {
  const doc = t.app.swagger() as { info: { version: string } };
  doc.info.version = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).version;
  return `${JSON.stringify(sorted(doc), null, 2)}\n`;
}

type Operations = Record<string, Record<string, unknown>>;
const operations = (doc: { paths?: Operations }) =>
  new Map<string, string>(
    Object.entries(doc.paths ?? {}).flatMap(([p, ops]) =>
      Object.entries(ops).map(([m, op]) => [`${m.toUpperCase()} ${p}`, JSON.stringify(op)] as const),
    ),
  );

it('openapi.json is the document the code builds (npm run openapi rewrites it)', () => {
  const now = built();
  if (WRITE) writeFileSync(FILE, now);
  let committed = '';
  try {
    committed = readFileSync(FILE, 'utf8');
  } catch {}
  if (committed === now) return;
  const before = committed ? operations(JSON.parse(committed)) : new Map<string, string>();
  const after = operations(JSON.parse(now));
  const changed = [...new Set([...before.keys(), ...after.keys()])].filter((k) => before.get(k) !== after.get(k));
  const other = committed
    ? Object.keys(JSON.parse(now)).filter(
        (k) => k !== 'paths' && JSON.stringify(JSON.parse(committed)[k]) !== JSON.stringify(JSON.parse(now)[k]),
      )
    : ['(no openapi.json)'];
  expect({ changedOperations: changed, changedSections: other }, 'openapi.json is stale: run `npm run openapi`').toEqual({
    changedOperations: [],
    changedSections: [],
  });
});

/**
 * Routes without a request or a response schema: none is left (issue 32 item 2). A new route never joins this list: add
 * its schemas (zod, in packages/shared beside the DTOs; a `content` answer per media type for what is not JSON, as
 * `xlsxAnswer`, `fileAnswer` and the Meta receivers' answers in platform/openapi.ts).
 */
const NOT_YET_DESCRIBED = new Set<string>([]);

/** Updates whose whole input is their path (a toggle, a link, a restart): they take no body. */
const INPUT_IN_PATH = new Set([
  'PUT /contacts/toggleAcceptAudio/:contactId',
  'PUT /contacts/toggleDisableBot/:contactId',
  'PUT /ticket-tags/:ticketId/:tagId',
  'PUT /whatsappsession/:whatsappId',
]);

it('every $ref of the document points at one of its components (the SDK is generated from it)', () => {
  const doc = JSON.parse(built()) as { components?: { schemas?: Record<string, unknown> } };
  const known = new Set(Object.keys(doc.components?.schemas ?? {}).map((name) => `#/components/schemas/${name}`));
  const refs = new Set<string>();
  const walk = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object')
      for (const [k, v] of Object.entries(value)) {
        if (k === '$ref' && typeof v === 'string') refs.add(v);
        else walk(v);
      }
  };
  walk(doc);
  expect([...refs].filter((r) => !known.has(r))).toEqual([]);
});

it('every route describes its parameters, its update body and its success answer', () => {
  const gaps: string[] = [];
  for (const r of t.routes) {
    const methods = (Array.isArray(r.method) ? r.method : [r.method]).filter((m) => m !== 'HEAD' && m !== 'OPTIONS');
    if (r.url.startsWith('/docs') || r.url === '*') continue;
    const schema = (r.schema ?? {}) as {
      params?: unknown;
      body?: unknown;
      response?: Record<string, unknown>;
      consumes?: string[];
    };
    for (const method of methods) {
      const missing: string[] = [];
      if (r.url.includes(':') && !schema.params) missing.push('params');
      if (
        (method === 'PUT' || method === 'PATCH') &&
        !schema.body &&
        !schema.consumes &&
        !INPUT_IN_PATH.has(`${method} ${r.url}`)
      )
        missing.push('body');
      if (!Object.keys(schema.response ?? {}).some((code) => /^[23]/.test(code))) missing.push('response');
      if (missing.length) gaps.push(`${method} ${r.url}: ${missing.join(', ')}`);
    }
  }
  const key = (gap: string) => gap.slice(0, gap.lastIndexOf(': '));
  expect(gaps.filter((g) => !NOT_YET_DESCRIBED.has(key(g)))).toEqual([]);
  // The allow-list shrinks with the work: a described route leaves it.
  expect([...NOT_YET_DESCRIBED].filter((k) => !gaps.some((g) => key(g) === k))).toEqual([]);
});
