#!/usr/bin/env node
// bench/web-bundle: builds the web app when it is missing, then prints the gzipped size of each route's
// JavaScript (apps/web/scripts/bundle-size.mjs; fails when /login loads 300 kB or more).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
if (!existsSync(path.join(root, 'apps/web/dist/.vite/manifest.json'))) {
  const b = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (b.status !== 0) process.exit(b.status ?? 1);
}
const r = spawnSync(process.execPath, [path.join(root, 'apps/web/scripts/bundle-size.mjs')], { cwd: root, stdio: 'inherit' });
process.exit(r.status ?? 1);
