// When `npm start` must (re)build the web app: its bundle is missing, any file it is built from
// (the web sources, the shared package, the build configuration) changed after the bundle was made
// — as after a `git pull` —, or a VITE_* variable differs from the build's (issue 30 item 1).
// Kept apart from start.mjs so that a test can call it.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** Files and folders the web bundle is built from, relative to the repository root. */
export const WEB_INPUTS = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/.env',
  'apps/web/.env.local',
  'apps/web/.env.production',
  'apps/web/.env.production.local',
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

/** Where a build records the VITE_* variables it was made with (apps/web/vite.config.ts writes it; never served). */
export const BUILD_ENV_FILE = 'apps/web/dist/.build-env.json';

/**
 * The VITE_* variables of an environment (they are compiled into the bundle), sorted by name; empty ones left out.
 * @param {Record<string, string | undefined>} env
 * @returns {Record<string, string>}
 */
export function buildEnv(env) {
  return Object.fromEntries(
    Object.keys(env)
      .filter((k) => k.startsWith('VITE_') && env[k])
      .sort()
      .map((k) => [k, String(env[k])]),
  );
}

/** The first VITE_* variable whose value differs between the build and `env`, or null. */
function changedVariable(root, env) {
  let built = {};
  try {
    built = JSON.parse(readFileSync(path.join(root, BUILD_ENV_FILE), 'utf8'));
  } catch {
    // a build from before the record: made without VITE_* variables as far as anyone knows
  }
  const now = buildEnv(env);
  return [...new Set([...Object.keys(built), ...Object.keys(now)])].sort().find((k) => built[k] !== now[k]) ?? null;
}

/**
 * Why the web app must be built, or null when dist/ is up to date.
 * @param {string} root repository root
 * @param {Record<string, string | undefined>} [env] the environment the build would run in
 * @returns {{ reason: 'missing' } | { reason: 'stale', file: string } | { reason: 'env', variable: string } | null}
 */
export function webBuildReason(root, env = process.env) {
  const bundle = path.join(root, 'apps/web/dist/index.html');
  if (!existsSync(bundle)) return { reason: 'missing' };
  const variable = changedVariable(root, env);
  if (variable) return { reason: 'env', variable };
  const built = statSync(bundle).mtimeMs;
  let latest = { time: 0, file: null };
  for (const input of WEB_INPUTS) {
    const found = newest(path.join(root, input));
    if (found.time > latest.time) latest = found;
  }
  return latest.time > built ? { reason: 'stale', file: path.relative(root, latest.file) } : null;
}
