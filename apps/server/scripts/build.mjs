#!/usr/bin/env node
// Compiles the API to dist/ (issue 38 item 2): one ES module bundle of src/main.ts and the workspace's TypeScript
// (@atendo/shared), every npm dependency left as an import (installed with --omit=dev in the image); the SQL migrations
// beside it. `node dist/main.js` then runs without tsx; `node dist/cli.js <command>` is the admin command line (src/cli.ts),
// a second bundle of its own.
import { cpSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const server = path.resolve(here, '..');
const dist = path.join(server, 'dist');
const pkg = JSON.parse(readFileSync(path.join(server, 'package.json'), 'utf8'));
const external = Object.keys(pkg.dependencies ?? {}).filter((name) => !name.startsWith('@atendo/'));

rmSync(dist, { recursive: true, force: true });
const started = performance.now();
await build({
  entryPoints: { main: path.join(server, 'src/main.ts'), cli: path.join(server, 'src/cli.ts') },
  outdir: dist,
  bundle: true,
  platform: 'node',
  target: 'node24',
  format: 'esm',
  sourcemap: true,
  external,
  // a dependency's CommonJS code reached through the bundle still finds require()
  banner: {
    js: "import { createRequire as __atendoRequire } from 'node:module'; const require = __atendoRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
cpSync(path.join(server, 'src/db/migrations'), path.join(dist, 'migrations'), { recursive: true });
console.log(`apps/server/dist: main.js, cli.js and migrations in ${Math.round(performance.now() - started)} ms`);
