#!/usr/bin/env node
// Prints the gzipped size of every chunk of apps/web/dist and the JavaScript each route loads
// (entry + the route's lazy page, with their static imports). Fails when /login loads 300 kB or more.
// Usage: node apps/web/scripts/bundle-size.mjs [--json]   (run `npm run build -w apps/web` first)
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const here = dirname(fileURLToPath(import.meta.url));
const dist = join(here, '..', 'dist');
const manifestPath = join(dist, '.vite', 'manifest.json');
const LOGIN_BUDGET_BYTES = 300 * 1024;
const json = process.argv.includes('--json');

if (!existsSync(manifestPath)) {
  console.error(`No build found at ${relative(process.cwd(), dist)}: run \`npm run build -w apps/web\` first.`);
  process.exit(2);
}

const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const gzipCache = new Map();
const gz = (file) => {
  if (!gzipCache.has(file)) gzipCache.set(file, gzipSync(readFileSync(join(dist, file)), { level: 9 }).length);
  return gzipCache.get(file);
};
const kB = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;

/** Files a manifest entry pulls in before it can run: itself and its static imports, recursively. */
function closure(key, seen = new Set()) {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return seen;
  seen.add(key);
  for (const dep of chunk.imports ?? []) closure(dep, seen);
  return seen;
}
const filesOf = (keys) => new Set([...keys].map((k) => manifest[k].file).filter((f) => f.endsWith('.js')));

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
const entryFiles = filesOf(closure(entryKey));
const shellKey = Object.keys(manifest).find((k) => k.endsWith('app/layout/AppShell.tsx'));
const shellFiles = shellKey ? filesOf(closure(shellKey)) : new Set();

// Pages: every lazy module under features/*/pages. Private pages also load the shell.
const PUBLIC = { 'LoginPage.tsx': '/login', 'SignupPage.tsx': '/signup', 'RecoveryPasswordPage.tsx': '/recovery-password' };
const routes = [];
for (const [key, chunk] of Object.entries(manifest)) {
  if (!chunk.isDynamicEntry || !/\/pages\/[^/]+\.tsx$/.test(key)) continue;
  const page = key.split('/').pop();
  const isPublic = page in PUBLIC;
  const files = new Set([...entryFiles, ...(isPublic ? [] : shellFiles), ...filesOf(closure(key))]);
  const total = [...files].reduce((sum, f) => sum + gz(f), 0);
  const own = [...filesOf(closure(key))].filter((f) => !entryFiles.has(f) && !shellFiles.has(f)).reduce((s, f) => s + gz(f), 0);
  routes.push({ page: key, route: PUBLIC[page] ?? '(private)', ownGzip: own, totalGzip: total });
}
routes.sort((a, b) => a.page.localeCompare(b.page));

const chunks = readdirSync(join(dist, 'assets'))
  .filter((f) => f.endsWith('.js') || f.endsWith('.css'))
  .map((f) => ({ file: `assets/${f}`, raw: statSync(join(dist, 'assets', f)).size, gzip: gz(`assets/${f}`) }))
  .sort((a, b) => b.gzip - a.gzip);

const login = routes.find((r) => r.route === '/login');
const entryGzip = [...entryFiles].reduce((s, f) => s + gz(f), 0);
const shellGzip = [...shellFiles].filter((f) => !entryFiles.has(f)).reduce((s, f) => s + gz(f), 0);
const totalJs = chunks.filter((c) => c.file.endsWith('.js')).reduce((s, c) => s + c.gzip, 0);

if (json) {
  console.log(
    JSON.stringify(
      { chunks, routes, entryGzip, shellGzip, totalJsGzip: totalJs, loginGzip: login?.totalGzip, budget: LOGIN_BUDGET_BYTES },
      null,
      2,
    ),
  );
} else {
  console.log('chunk                                              raw        gzip');
  for (const c of chunks) console.log(`${c.file.padEnd(48)} ${kB(c.raw).padStart(10)} ${kB(c.gzip).padStart(10)}`);
  console.log('');
  console.log(`entry (index.html + static imports): ${kB(entryGzip)} gzip`);
  console.log(`application shell (private routes):  ${kB(shellGzip)} gzip`);
  console.log(`all JavaScript:                      ${kB(totalJs)} gzip`);
  console.log('');
  console.log('route page                                           own gzip   route total');
  for (const r of routes) {
    console.log(
      `${`${r.route} ${r.page.replace('src/features/', '')}`.padEnd(52)} ${kB(r.ownGzip).padStart(9)} ${kB(r.totalGzip).padStart(12)}`,
    );
  }
  console.log('');
}
if (!login) {
  console.error('LoginPage chunk not found in the manifest.');
  process.exit(1);
}
const ok = login.totalGzip < LOGIN_BUDGET_BYTES;
console.log(
  `/login loads ${kB(login.totalGzip)} of gzipped JavaScript (budget < ${kB(LOGIN_BUDGET_BYTES)}): ${ok ? 'OK' : 'OVER BUDGET'}`,
);
process.exit(ok ? 0 : 1);
