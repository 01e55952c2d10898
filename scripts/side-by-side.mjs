#!/usr/bin/env node
/**
 * Runs commands side by side, each line of their output tagged with the command's name; exits non-zero when any of them
 * failed, after all have ended, with each one's time. `npm test` runs the server and web suites this way (one mostly
 * waits on databases and timers, the other on the CPU), and apps/web/scripts/e2e.mjs its two Playwright lanes.
 *
 *   node scripts/side-by-side.mjs "server=npm run test -w apps/server" "web=npm run test -w apps/web"
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * @param {{ name: string, command: string, args?: string[], cwd?: string, env?: NodeJS.ProcessEnv, shell?: boolean }[]} tasks
 * @returns {Promise<number[]>} each task's exit code, in order
 */
export async function runSideBySide(tasks) {
  const started = Date.now();
  const children = [];
  const stop = (sig) => {
    for (const c of children) c.kill(sig);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  const codes = await Promise.all(
    tasks.map(
      (task) =>
        new Promise((resolve) => {
          const tag = `[${task.name}] `;
          const child = spawn(task.command, task.args ?? [], {
            cwd: task.cwd,
            env: task.env ?? process.env,
            shell: task.shell ?? false,
            stdio: ['ignore', 'pipe', 'pipe'],
          });
          children.push(child);
          for (const [from, to] of [
            [child.stdout, process.stdout],
            [child.stderr, process.stderr],
          ]) {
            let rest = '';
            from.on('data', (chunk) => {
              const lines = (rest + chunk).split('\n');
              rest = lines.pop();
              for (const line of lines) to.write(`${tag}${line}\n`);
            });
            from.on('end', () => rest && to.write(`${tag}${rest}\n`));
          }
          child.on('exit', (code, signal) => {
            const seconds = Math.round((Date.now() - started) / 1000);
            console.log(`${tag}finished ${code === 0 ? 'green' : `with ${signal ?? `exit code ${code}`}`} after ${seconds} s`);
            resolve(code ?? 1);
          });
        }),
    ),
  );
  process.off('SIGINT', stop);
  process.off('SIGTERM', stop);
  return codes;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const tasks = process.argv.slice(2).map((spec) => {
    const at = spec.indexOf('=');
    return { name: spec.slice(0, at), command: spec.slice(at + 1), shell: true };
  });
  const codes = await runSideBySide(tasks);
  process.exit(codes.some((c) => c !== 0) ? 1 : 0);
}
