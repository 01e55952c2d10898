import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'side-by-side.mjs');
const node = JSON.stringify(process.execPath);

test('runs commands side by side, tags their lines, and fails when one fails — after both ended', () => {
  const green = spawnSync(
    process.execPath,
    [script, `a=${node} -e "console.log('one')"`, `b=${node} -e "console.error('two')"`],
    {
      encoding: 'utf8',
    },
  );
  assert.equal(green.status, 0);
  assert.match(green.stdout, /^\[a\] one$/m);
  assert.match(green.stderr, /^\[b\] two$/m);
  assert.match(green.stdout, /^\[a\] finished green after \d+ s$/m);

  const red = spawnSync(
    process.execPath,
    [script, `fails=${node} -e "process.exit(3)"`, `slow=${node} -e "setTimeout(() => console.log('still ran'), 300)"`],
    { encoding: 'utf8' },
  );
  assert.equal(red.status, 1);
  assert.match(red.stdout, /^\[fails\] finished with exit code 3/m);
  assert.match(red.stdout, /^\[slow\] still ran$/m);
});
