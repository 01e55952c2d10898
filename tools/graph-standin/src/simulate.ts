/**
 * Plays a customer against a running Atendo: posts correctly signed Cloud API webhooks to the product.
 *   npm run simulate -- --to 1 --from 5511999990001 --text "Olá" --app-secret S --phone-number-id 123456789012345
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs, percentile } from './args';
import { envelope, inbound, type Json } from './builders';
import { messenger, messengerEnvelope } from './messenger';
import { postSignedWebhook, type WebhookDelivery } from './wire';

const HELP = `simulate — post signed WhatsApp Cloud API webhooks to a running Atendo, as a customer would

Usage:
  npm run simulate -- --to <connection id | phone_number_id> [--from 5511999990001] [--name "Maria"]
                      (--text "Olá" | --image FILE [--caption TEXT]) [--burst N [--concurrency C]]

Where it posts:
  --to N              a connection id (1-9 digits): posts to {product}/webhooks/whatsappapi/N
                      a phone_number_id (10+ digits): posts to {product}/webhooks/whatsappapi (routed by phone_number_id)
  --product URL       the product's API (env ATENDO_URL, default http://localhost:8080)
  --webhook-url URL   post exactly here instead
  --phone-number-id P the business number's id put in metadata.phone_number_id (env ATENDO_PHONE_NUMBER_ID).
                      With a connection id and no P, it is read from GET {product}/whatsapp/N with --api-token.
  --api-token T       an admin's access token for that lookup (env ATENDO_TOKEN)
  --app-secret S      the connection's app secret; signs X-Hub-Signature-256 (env ATENDO_APP_SECRET, required)

What it sends:
  --from NUMBER       the customer's WhatsApp number, digits (default 5511999990001)
  --name NAME         the customer's profile name (default "Cliente <last 4 digits>")
  --text TEXT         a text message (default "Olá" when nothing else is given)
  --image FILE        an image: the bytes are first stored in a running graph-standin (--graph), which the
                      product downloads them from (run the product with GRAPH_API_URL pointing at it)
  --caption TEXT      caption of the image
  --graph URL         the graph-standin (env GRAPH_STANDIN_URL, default http://127.0.0.1:8090)
  --burst N           send N messages ("TEXT #1" … "TEXT #N"), --concurrency at a time (default 10)
  --reply-to WAMID    reply context for the message

Messenger / Instagram (posts to {product}/webhooks/facebook, signed with the Meta app secret):
  --facebook PAGE_ID  play a Messenger customer writing to this Page (see the connection's facebookPageUserId)
  --instagram IG_ID   play an Instagram customer writing to this Instagram account
  --from ID           the customer's PSID / IGSID (default 7000000000000001)
  --name NAME         the profile name the stand-in will answer for this customer (needs --graph)
  --text TEXT · --image FILE [--caption TEXT] · --reply-to MID
  --story-reply URL   (Instagram) the text answers the story at URL
  --react MID [--emoji E]   react to a message (the mid shown in the stand-in's log)

Start a stand-in the product sends to: npm run standin -w tools/graph-standin -- --webhook-url http://localhost:8080/webhooks/whatsappapi`;

const IMAGE_TYPES: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
};

async function main() {
  const args = parseArgs(process.argv.slice(2), ['help']);
  if (args.has('help') || process.argv.length <= 2) {
    console.log(HELP);
    return 0;
  }
  if (args.has('facebook') || args.has('instagram')) return simulateMessenger(args);
  const to = args.get('to');
  if (!to) return fail('--to is required (a connection id or a phone_number_id)');
  const appSecret = args.get('app-secret', 'ATENDO_APP_SECRET');
  if (!appSecret) return fail('--app-secret (or ATENDO_APP_SECRET) is required: the webhook is signed with it');
  const product = (args.get('product', 'ATENDO_URL', 'http://localhost:8080') as string).replace(/\/+$/, '');
  const isConnectionId = /^\d{1,9}$/.test(to);

  let phoneNumberId = args.get('phone-number-id', 'ATENDO_PHONE_NUMBER_ID') ?? (isConnectionId ? undefined : to);
  if (!phoneNumberId) {
    const token = args.get('api-token', 'ATENDO_TOKEN');
    if (!token) return fail('with a connection id, give --phone-number-id, or --api-token to read it from the product');
    const res = await fetch(`${product}/whatsapp/${to}`, { headers: { authorization: `Bearer ${token}` } });
    if (!res.ok) return fail(`GET ${product}/whatsapp/${to} answered ${res.status}`);
    const conn = (await res.json()) as { phoneNumberId?: string; channel?: string };
    if (!conn.phoneNumberId) return fail(`connection ${to} has no phoneNumberId (channel ${conn.channel ?? '?'})`);
    phoneNumberId = conn.phoneNumberId;
  }
  const webhookUrl =
    args.get('webhook-url') ?? (isConnectionId ? `${product}/webhooks/whatsappapi/${to}` : `${product}/webhooks/whatsappapi`);

  const from = (args.get('from', undefined, '5511999990001') as string).replace(/\D/g, '');
  const name = args.get('name') ?? `Cliente ${from.slice(-4)}`;
  const replyTo = args.get('reply-to');
  const context = replyTo ? { id: replyTo } : undefined;
  const burst = Math.max(1, Number(args.get('burst', undefined, '1')));
  const concurrency = Math.max(1, Number(args.get('concurrency', undefined, '10')));

  let makeMessage: (i: number) => Json;
  const image = args.get('image');
  if (image) {
    const graph = (args.get('graph', 'GRAPH_STANDIN_URL', 'http://127.0.0.1:8090') as string).replace(/\/+$/, '');
    // npm runs workspace scripts in the workspace folder; a relative path means the caller's folder.
    const bytes = await readFile(path.resolve(process.env.INIT_CWD ?? process.cwd(), image));
    const mimeType = IMAGE_TYPES[path.extname(image).toLowerCase()] ?? 'application/octet-stream';
    let stored: { id: string; sha256: string };
    try {
      const res = await fetch(
        `${graph}/_standin/media?type=${encodeURIComponent(mimeType)}&filename=${encodeURIComponent(path.basename(image))}`,
        {
          method: 'POST',
          headers: { 'content-type': mimeType },
          body: bytes,
        },
      );
      if (!res.ok) return fail(`the graph-standin at ${graph} answered ${res.status}`);
      stored = (await res.json()) as { id: string; sha256: string };
    } catch {
      return fail(`no graph-standin at ${graph}: start one (npm run standin -w tools/graph-standin) or pass --graph`);
    }
    const caption = args.get('caption') ?? args.get('text');
    makeMessage = () => inbound.image({ from, mediaId: stored.id, mimeType, sha256: stored.sha256, caption, context });
  } else {
    const text = args.get('text') ?? 'Olá';
    makeMessage = (i) => inbound.text({ from, body: burst > 1 ? `${text} #${i + 1}` : text, context });
  }

  // The customer writes through WhatsApp: the stand-in (playing Meta) opens their 24-hour window on this number.
  const graphUrl = (args.get('graph', 'GRAPH_STANDIN_URL', 'http://127.0.0.1:8090') as string).replace(/\/+$/, '');
  await fetch(`${graphUrl}/_standin/inbound`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phoneNumberId, from }),
  }).catch(() => console.warn(`no graph-standin at ${graphUrl}: replies to ${from} will be refused outside the window`));

  const results: (WebhookDelivery & { i: number })[] = [];
  const errors: string[] = [];
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < burst) {
      const i = next++;
      const payload = envelope({ phoneNumberId }, { messages: [makeMessage(i)], contacts: [{ waId: from, name }] });
      try {
        results.push({ ...(await postSignedWebhook(webhookUrl, payload, appSecret)), i });
      } catch (err) {
        errors.push(String((err as Error).cause ?? err));
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, burst) }, worker));
  const elapsed = performance.now() - started;

  const byStatus = new Map<number, number>();
  for (const r of results) byStatus.set(r.status, (byStatus.get(r.status) ?? 0) + 1);
  if (burst === 1 && results[0]) {
    console.log(`POST ${webhookUrl} → ${results[0].status} ${results[0].body.slice(0, 200)} (${results[0].ms.toFixed(1)} ms)`);
  } else {
    const ms = results.map((r) => r.ms).sort((a, b) => a - b);
    console.log(
      `POST ${webhookUrl} × ${burst} in ${(elapsed / 1000).toFixed(2)} s (${((results.length / elapsed) * 1000).toFixed(0)}/s)`,
    );
    console.log(`  statuses: ${[...byStatus].map(([s, n]) => `${s}×${n}`).join(', ') || 'none'}`);
    console.log(
      `  latency ms: p50 ${percentile(ms, 50).toFixed(1)} · p95 ${percentile(ms, 95).toFixed(1)} · max ${(ms.at(-1) ?? 0).toFixed(1)}`,
    );
    const bad = results.find((r) => r.status !== 200);
    if (bad) console.log(`  first non-200 answer: ${bad.status} ${bad.body.slice(0, 200)}`);
  }
  if (errors.length) console.log(`  ${errors.length} request(s) failed: ${errors[0]}`);
  return errors.length || results.some((r) => r.status !== 200) ? 1 : 0;
}

async function simulateMessenger(args: ReturnType<typeof parseArgs>) {
  const object = args.has('instagram') ? 'instagram' : 'page';
  const entryId = args.get(object === 'instagram' ? 'instagram' : 'facebook');
  if (!entryId || entryId === 'true') return fail(`--${object === 'instagram' ? 'instagram' : 'facebook'} needs the account id`);
  const appSecret = args.get('app-secret', 'ATENDO_APP_SECRET');
  if (!appSecret) return fail('--app-secret (or ATENDO_APP_SECRET) is required: the Meta app secret (FACEBOOK_APP_SECRET)');
  const product = (args.get('product', 'ATENDO_URL', 'http://localhost:8080') as string).replace(/\/+$/, '');
  const graph = (args.get('graph', 'GRAPH_STANDIN_URL', 'http://127.0.0.1:8090') as string).replace(/\/+$/, '');
  const webhookUrl = args.get('webhook-url') ?? `${product}/webhooks/facebook`;
  const from = args.get('from', undefined, '7000000000000001') as string;
  const base = { from, to: entryId, replyTo: args.get('reply-to') };
  const name = args.get('name');
  if (name) {
    const [first, ...rest] = name.split(' ');
    const profile =
      object === 'instagram'
        ? { id: from, name, username: name.toLowerCase().replace(/\s+/g, '.') }
        : { id: from, first_name: first, last_name: rest.join(' ') };
    await fetch(`${graph}/_standin/messenger/profile`, { method: 'POST', body: JSON.stringify(profile) }).catch(() =>
      console.log(`(no graph-standin at ${graph}: the product will name the contact by its id)`),
    );
  }
  let item: Json;
  const image = args.get('image');
  const react = args.get('react');
  if (react) {
    item = messenger.reaction({ ...base, targetMid: react, emoji: args.get('emoji') ?? '❤️' });
  } else if (image) {
    const bytes = await readFile(path.resolve(process.env.INIT_CWD ?? process.cwd(), image));
    const mimeType = IMAGE_TYPES[path.extname(image).toLowerCase()] ?? 'application/octet-stream';
    let stored: { id: string };
    try {
      const res = await fetch(
        `${graph}/_standin/media?type=${encodeURIComponent(mimeType)}&filename=${encodeURIComponent(path.basename(image))}`,
        {
          method: 'POST',
          headers: { 'content-type': mimeType },
          body: bytes,
        },
      );
      stored = (await res.json()) as { id: string };
    } catch {
      return fail(`no graph-standin at ${graph}: the image is served from it`);
    }
    item = messenger.attachment({ ...base, type: 'image', url: `${graph}/_standin/cdn/${stored.id}`, text: args.get('caption') });
  } else if (args.get('story-reply')) {
    item = messenger.storyReply({ ...base, text: args.get('text') ?? 'Que lindo!', storyUrl: args.get('story-reply') as string });
  } else {
    item = messenger.text({ ...base, text: args.get('text') ?? 'Olá' });
  }
  const out = await postSignedWebhook(webhookUrl, messengerEnvelope(object, entryId, [item]), appSecret);
  const mid = (item.message as Json | undefined)?.mid;
  console.log(
    `POST ${webhookUrl} → ${out.status} ${out.body.slice(0, 200)} (${out.ms.toFixed(1)} ms)${mid ? ` · mid ${mid}` : ''}`,
  );
  return out.status === 200 ? 0 : 1;
}

function fail(message: string) {
  console.error(`simulate: ${message}\n(run with --help for usage)`);
  return 2;
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
