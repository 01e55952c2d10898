/** Runs bench/_load-worker.mjs in a worker thread and answers its figures (see there). */
import { Worker } from 'node:worker_threads';

/**
 * @param {{ url: string, headers?: Record<string, string>, connections: number, duration?: number, amount?: number }} opts
 * @returns {Promise<{ requestsPerSecond: number, requests: number, non2xx: number, errors: number,
 *   latencyMs: { p50: number, p95: number, p99: number, max: number } }>}
 */
export function load(opts) {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./_load-worker.mjs', import.meta.url), { workerData: opts });
    worker.once('message', (m) => {
      void worker.terminate();
      if (m.error) reject(new Error(m.error));
      else resolve(m);
    });
    worker.once('error', reject);
  });
}
