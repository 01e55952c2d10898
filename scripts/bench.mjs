#!/usr/bin/env node
// `npm run bench [-- name …]`: runs the benchmarks in bench/ one after another; each prints its figures.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dir = path.join(root, 'bench');
const wanted = process.argv.slice(2);
const files = readdirSync(dir)
  .filter((f) => /\.(mjs|ts)$/.test(f) && !f.startsWith('_'))
  .filter((f) => !wanted.length || wanted.some((w) => f.startsWith(w)))
  .sort();
if (!files.length) {
  console.error(`no benchmark matches ${wanted.join(', ')}`);
  process.exit(1);
}
let failed = 0;
for (const f of files) {
  console.log(`\n### ${f}`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(dir, f)], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
