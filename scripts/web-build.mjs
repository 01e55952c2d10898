// When `npm start` must (re)build the web app: its bundle is missing, or any file it is built from
// (the web sources, the shared package, the build configuration) changed after the bundle was made
// — as after a `git pull`. Kept apart from start.mjs so that a test can call it.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** Files and folders the web bundle is built from, relative to the repository root. */
export const WEB_INPUTS = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'packages/shared/src',
  'packages/shared/package.json',
];

const SKIP = new Set(['node_modules', 'dist', '.vite']);

/** The newest modification time (ms) among the files below `p`, or 0 when there are none. */
function newest(p) {
  if (!existsSync(p)) return { time: 0, file: null };
  const st = statSync(p);
  if (!st.isDirectory()) return { time: st.mtimeMs, file: p };
  let best = { time: 0, file: null };
  for (const entry of readdirSync(p, { withFileTypes: true })) {
    if (SKIP.has(entry.name) || /\.test\.tsx?$/.test(entry.name)) continue;
    const found = newest(path.join(p, entry.name));
    if (found.time > best.time) best = found;
  }
  return best;
}

/**
 * Why the web app must be built, or null when dist/ is up to date.
 * @param {string} root repository root
 * @returns {{ reason: 'missing' } | { reason: 'stale', file: string } | null}
 */
export function webBuildReason(root) {
  const bundle = path.join(root, 'apps/web/dist/index.html');
  if (!existsSync(bundle)) return { reason: 'missing' };
  const built = statSync(bundle).mtimeMs;
  let latest = { time: 0, file: null };
  for (const input of WEB_INPUTS) {
    const found = newest(path.join(root, input));
    if (found.time > latest.time) latest = found;
  }
  return latest.time > built ? { reason: 'stale', file: path.relative(root, latest.file) } : null;
}
