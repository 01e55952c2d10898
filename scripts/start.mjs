#!/usr/bin/env node
// `npm start`: builds the web app when it is missing or older than its sources, compiles the API, then runs the whole product in one process
// (API on :8080, web on :3000 — API_PORT / WEB_PORT; the web server tells the page the API's port at run time —,
// embedded PostgreSQL in ./data unless DATABASE_URL is set).
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { webBuildReason } from './web-build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

const build = webBuildReason(root);
if (build) {
  console.log(
    build.reason === 'missing'
      ? 'Building the web app (first start)…'
      : build.reason === 'env'
        ? `Rebuilding the web app: ${build.variable} differs from the last build…`
        : `Rebuilding the web app: ${build.file} changed after the last build…`,
  );
  const r = spawnSync(npm, ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
} else {
  console.log('The web app is up to date with its sources (apps/web/dist).');
}

// The API runs compiled (apps/server/dist, esbuild, about half a second): never through tsx, always from these sources.
const server = spawnSync(process.execPath, [path.join(root, 'apps/server/scripts/build.mjs')], { cwd: root, stdio: 'inherit' });
if (server.status !== 0) process.exit(server.status ?? 1);

const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
  cwd: root,
  stdio: 'inherit',
  env: { SERVE_WEB: 'true', NODE_ENV: process.env.NODE_ENV ?? 'production', ...process.env },
});
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
