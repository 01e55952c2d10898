/**
 * Load generator of bench/ingest.mjs, run in a worker thread so it does not share the server's event loop.
 * Builds every signed Cloud API webhook first, then posts them with `concurrency` requests in flight over
 * keep-alive sockets, and reports each request's latency.
 */
import { createHmac } from 'node:crypto';
import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

const { url, appSecret, phoneNumberId, contacts, perContact, concurrency, numberBase, startTs, prefix = 'BENCH' } = workerData;
const target = new URL(url);
const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });

// Message k goes to contact k % contacts: every contact's messages are spread over the whole run, interleaved.
const total = contacts * perContact;
const bodies = new Array(total);
for (let k = 0; k < total; k++) {
  const c = k % contacts;
  const i = Math.floor(k / contacts);
  const from = String(numberBase + c);
  const payload = {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '100000000000001',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '15550000000', phone_number_id: phoneNumberId },
              contacts: [{ profile: { name: `Cliente ${c}` }, wa_id: from }],
              messages: [
                {
                  from,
                  id: `wamid.${prefix}${c}x${i}`,
                  timestamp: String(startTs + i),
                  type: 'text',
                  text: { body: `mensagem ${i + 1} do cliente ${c}` },
                },
              ],
            },
          },
        ],
      },
    ],
  };
  const raw = Buffer.from(JSON.stringify(payload));
  bodies[k] = { raw, signature: `sha256=${createHmac('sha256', appSecret).update(raw).digest('hex')}` };
}

function post(body) {
  return new Promise((resolve) => {
    const started = performance.now();
    const req = http.request(
      {
        agent,
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': body.raw.length, 'x-hub-signature-256': body.signature },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode, ms: performance.now() - started }));
      },
    );
    req.on('error', () => resolve({ status: 0, ms: performance.now() - started }));
    req.end(body.raw);
  });
}

const latencies = new Float64Array(total);
const statuses = {};
let next = 0;
const started = performance.now();
async function lane() {
  while (next < total) {
    const k = next++;
    const r = await post(bodies[k]);
    latencies[k] = r.ms;
    statuses[r.status] = (statuses[r.status] ?? 0) + 1;
  }
}
await Promise.all(Array.from({ length: concurrency }, lane));
const elapsedMs = performance.now() - started;
agent.destroy();
parentPort.postMessage({ elapsedMs, latencies: Array.from(latencies), statuses });
