/**
 * Entry of the admin command line (src/cli/commands.ts): `npm run atendo -- <command>` runs it with tsx; the build
 * compiles it beside the server (apps/server/dist/cli.js) for the production image.
 */
import { runCli } from './cli/commands';

if (Number(process.versions.node.split('.')[0]) < 24) {
  console.error(`atendo needs Node 24; this is ${process.version}. Run it through npm (npm run atendo -- …), or with Node 24.`);
  process.exit(1);
}

const code = await runCli(process.argv.slice(2), {
  io: { out: (line) => process.stdout.write(`${line}\n`), err: (line) => process.stderr.write(`${line}\n`) },
  open: async () => (await import('./cli/runtime')).openCliRuntime(),
});
process.exitCode = code;
