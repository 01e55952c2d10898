/**
 * Load generator for the HTTP benches, run in a worker thread (bench/_load.mjs) so that autocannon never shares
 * the event loop of the server it measures. Records every response's latency and answers the percentiles.
 */
import { parentPort, workerData } from 'node:worker_threads';
import autocannon from 'autocannon';

const { url, headers, connections, duration, amount } = workerData;
const latencies = [];
const started = performance.now();
const opts = { url, headers, connections, ...(amount ? { amount } : { duration }) };
const instance = autocannon(opts, (err, result) => {
  if (err) {
    parentPort.postMessage({ error: String(err) });
    return;
  }
  latencies.sort((a, b) => a - b);
  const at = (p) =>
    latencies.length ? latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)] : 0;
  parentPort.postMessage({
    requestsPerSecond: Math.round(latencies.length / ((performance.now() - started) / 1000)),
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    latencyMs: { p50: +at(50).toFixed(2), p95: +at(95).toFixed(2), p99: +at(99).toFixed(2), max: +at(100).toFixed(2) },
  });
});
instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
