#!/usr/bin/env node
// The image's production dependencies (deploy/Dockerfile, stage `deps`): `npm ci --omit=dev --workspace apps/server`
// still installs a few of the API's dev dependencies (npm 11: tsx, esbuild, socket.io-client). Every top-level package
// the API's production tree does not reach is removed, as are the workspace links (the bundle carries our own code).
import { spawnSync } from 'node:child_process';
import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = process.cwd();
const ls = spawnSync('npm', ['ls', '--workspace', 'apps/server', '--omit=dev', '--all', '--parseable'], {
  cwd: root,
  encoding: 'utf8',
});
const reached = new Set(
  ls.stdout
    .split('\n')
    .filter((p) => p.includes(`${path.sep}node_modules${path.sep}`))
    .map((p) => path.relative(root, p)),
);
if (reached.size === 0) throw new Error(`npm ls found no production dependency: ${ls.stderr}`);

const top = path.join(root, 'node_modules');
const removed = [];
for (const entry of readdirSync(top)) {
  if (entry === '.bin' || entry.startsWith('.')) continue;
  const names = entry.startsWith('@') ? readdirSync(path.join(top, entry)).map((n) => `${entry}/${n}`) : [entry];
  for (const name of names) {
    const rel = path.join('node_modules', name);
    if (name.startsWith('@atendo/') || !reached.has(rel)) {
      rmSync(path.join(root, rel), { recursive: true, force: true });
      removed.push(name);
    }
  }
}
console.log(`kept ${reached.size} production packages; removed ${removed.length}: ${removed.join(' ')}`);
