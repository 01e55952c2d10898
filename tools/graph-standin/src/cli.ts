/**
 * Runs the Graph API stand-in as a process, so a running product (GRAPH_API_URL=http://127.0.0.1:8090) sends to it.
 *   npm run standin -w tools/graph-standin -- --port 8090 --app-secret S --webhook-url http://localhost:8080/webhooks/whatsappapi
 */
import { readFile } from 'node:fs/promises';
import { parseArgs } from './args';
import type { TemplateInput } from './cloud-rules';
import { startGraphStandin } from './server';

const HELP = `graph-standin — a local stand-in of Meta's Graph API (WhatsApp Cloud API)

  --port N            listen port (default 8090, env GRAPH_STANDIN_PORT)
  --host H            listen address (default 127.0.0.1)
  --app-secret S      signs the webhooks it posts (env ATENDO_APP_SECRET; default "standin-secret")
  --webhook-url URL   where status webhooks go (env ATENDO_WEBHOOK_URL; e.g. http://localhost:8080/webhooks/whatsappapi)
  --access-token T    require this bearer token on API calls (default: any bearer)
  --messenger-webhook-url URL   the product's Messenger/Instagram callback (e.g. http://localhost:8080/webhooks/facebook)
  --app-id ID         the Meta app id (token exchange, echoes; default 100000000000001)
  --page NAME         a Facebook Page /me/accounts lists (repeatable as --page "A,B"); --instagram USER gives the
                      first one an Instagram account
  --echoes            post the is_echo webhook of each Send API call
  --auto-status LIST  after each send, post these statuses, e.g. sent,delivered,read
  --templates FILE    message templates to serve (JSON array of {wabaId, phoneNumberId?, name, language, category,
                      status, components}); more with POST /_standin/templates
  --quiet             do not log sends

Control: GET /_standin/messenger/sent · GET /_standin/messenger/pages · POST /_standin/messenger/page {name,instagram?}
         GET /_standin/requests · POST /_standin/fail {count,status,code} · POST /_standin/media (raw bytes)
         POST /_standin/webhook {payload,url?} · POST /_standin/status {id,status,recipient}
         POST /_standin/inbound {phoneNumberId,from} (a customer wrote: 24-hour window) · POST /_standin/clock {advanceMs}
         GET|POST|DELETE /_standin/templates · GET /_standin/refused (131047)`;

const args = parseArgs(process.argv.slice(2), ['quiet', 'help', 'echoes']);
if (args.has('help')) {
  console.log(HELP);
  process.exit(0);
}
const auto = args.get('auto-status');
const standin = await startGraphStandin({
  port: Number(args.get('port', 'GRAPH_STANDIN_PORT', '8090')),
  host: args.get('host', undefined, '127.0.0.1'),
  appSecret: args.get('app-secret', 'ATENDO_APP_SECRET', 'standin-secret') as string,
  webhookUrl: args.get('webhook-url', 'ATENDO_WEBHOOK_URL'),
  accessToken: args.get('access-token'),
  autoStatuses: auto ? (auto.split(',').map((s) => s.trim()) as never) : undefined,
  messengerWebhookUrl: args.get('messenger-webhook-url', 'ATENDO_MESSENGER_WEBHOOK_URL'),
  appId: args.get('app-id', 'FACEBOOK_APP_ID'),
  messengerEchoes: args.has('echoes'),
  log: args.has('quiet') ? undefined : (line) => console.log(`[graph-standin] ${line}`),
});
const templatesFile = args.get('templates');
if (templatesFile) {
  const list = JSON.parse(await readFile(templatesFile, 'utf8')) as (TemplateInput & {
    wabaId: string;
    phoneNumberId?: string;
  })[];
  for (const { wabaId, phoneNumberId, ...t } of list) standin.addTemplate(wabaId, t, phoneNumberId);
  console.log(`[graph-standin] ${list.length} template(s) from ${templatesFile}`);
}
const instagram = args.get('instagram');
for (const [i, name] of (args.get('page') ?? '').split(',').filter(Boolean).entries()) {
  const page = standin.addPage({ name: name.trim(), instagram: i === 0 && instagram ? { username: instagram } : undefined });
  console.log(
    `[graph-standin] page ${page.name} id ${page.id}${page.instagram ? ` · instagram @${page.instagram.username} id ${page.instagram.id}` : ''}`,
  );
}
console.log(`[graph-standin] listening on ${standin.url} (set GRAPH_API_URL=${standin.url} on the product)`);
const stop = async () => {
  await standin.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
