// node --test: when `npm start` rebuilds the web app (issue 16: never serve a stale bundle).
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { buildEnv, webBuildReason } from './web-build.mjs';

const root = mkdtempSync(path.join(tmpdir(), 'atendo-web-build-'));
after(() => rmSync(root, { recursive: true, force: true }));

function put(rel, secondsAgo) {
  const file = path.join(root, rel);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, rel);
  const t = new Date(Date.now() - secondsAgo * 1000);
  utimesSync(file, t, t);
}

test('builds when there is no bundle', () => {
  put('apps/web/src/main.tsx', 100);
  assert.deepEqual(webBuildReason(root), { reason: 'missing' });
});

test('does not rebuild a bundle newer than every source', () => {
  put('packages/shared/src/index.ts', 90);
  put('apps/web/dist/index.html', 50);
  assert.equal(webBuildReason(root), null);
});

test('a test file changed after the build does not count', () => {
  put('apps/web/src/features/x.test.tsx', 10);
  assert.equal(webBuildReason(root), null);
});

test('rebuilds when a web source changed after the build (a git pull)', () => {
  put('apps/web/src/locales/pt.json', 10);
  assert.deepEqual(webBuildReason(root), { reason: 'stale', file: path.join('apps/web/src/locales/pt.json') });
});

test('rebuilds when the shared package changed after the build', () => {
  put('apps/web/dist/index.html', 5);
  put('packages/shared/src/errors.ts', 1);
  assert.deepEqual(webBuildReason(root), { reason: 'stale', file: path.join('packages/shared/src/errors.ts') });
});

test('rebuilds when a VITE_* variable differs from the build (issue 30 item 1)', () => {
  put('apps/web/dist/index.html', 0);
  assert.equal(webBuildReason(root, {}), null);
  assert.deepEqual(webBuildReason(root, { VITE_API_URL: 'https://api.example.com' }), {
    reason: 'env',
    variable: 'VITE_API_URL',
  });
  writeFileSync(path.join(root, 'apps/web/dist/.build-env.json'), JSON.stringify({ VITE_API_URL: 'https://api.example.com' }));
  assert.equal(webBuildReason(root, { VITE_API_URL: 'https://api.example.com', PATH: '/bin' }), null);
  assert.deepEqual(webBuildReason(root, {}), { reason: 'env', variable: 'VITE_API_URL' });
  assert.deepEqual(buildEnv({ VITE_B: '2', VITE_A: '1', VITE_EMPTY: '', HOME: '/root' }), { VITE_A: '1', VITE_B: '2' });
});
