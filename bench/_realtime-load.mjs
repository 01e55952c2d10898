// The load generator of bench/realtime.mjs, in its own process (forked): opens the attendants' sockets through
// nginx, posts signed webhooks at each steady rate and times webhook post → appMessage at every socket.
// Sending and receiving share this process' clock.
import { connectSocket, customerWrites, sleep } from '../scripts/scale/stack.mjs';

const quantile = (sorted, q) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : Number.NaN);

process.once('message', async (plan) => {
  const { stack, companyId, sockets: specs, connections, webhookFroms, rates, stepSeconds } = plan;
  const wire = `company-${companyId}-appMessage`;
  const sentAt = new Map(); // seq → ms
  let step = null;
  const sockets = [];
  const started = performance.now();
  // Connect in small batches: 1,000 handshakes at once would measure the handshake, not the steady state.
  for (let i = 0; i < specs.length; i += 50) {
    const batch = specs.slice(i, i + 50);
    const opened = await Promise.all(
      batch.map((s) => connectSocket(stack, companyId, s.session, s.from, { reconnection: false })),
    );
    opened.forEach((socket, k) => {
      const queue = batch[k].queue;
      socket.on(wire, (e) => {
        const now = performance.now();
        const m = /^bench (\d+) (\d+)$/.exec(e?.message?.body ?? '');
        if (!m || e.action !== 'create' || !step) return;
        if (Number(m[1]) !== queue) {
          step.nonEntitled++;
          return;
        }
        const t0 = sentAt.get(Number(m[2]));
        if (t0 !== undefined) step.latencies.push(now - t0);
      });
      sockets.push(socket);
    });
  }
  process.send({ type: 'connected', sockets: sockets.length, ms: Math.round(performance.now() - started) });

  let seq = 0;
  const customerOf = (n) => `55119${String(1_000_000 + (n % plan.customers)).padStart(8, '0')}`;
  // Warm-up (not measured): every customer writes once, so tickets are open and greetings sent before timing.
  const warm = [];
  for (let n = 1; n <= plan.customers; n++) {
    seq = n;
    const q = n % connections.length;
    warm.push(
      customerWrites(stack, connections[q], { from: customerOf(n), body: `warm-up ${n}` }, webhookFroms[n % webhookFroms.length]),
    );
    if (warm.length >= 10) await Promise.all(warm.splice(0));
  }
  await Promise.all(warm);
  await sleep(2_000);
  process.send({ type: 'warm', customers: plan.customers });
  const perQueue = specs.reduce((acc, s) => acc.set(s.queue, (acc.get(s.queue) ?? 0) + 1), new Map());
  for (const rate of rates) {
    step = { rate, latencies: [], nonEntitled: 0, expected: 0, webhookMs: [], errors: 0 };
    process.send({ type: 'step-start', rate });
    const total = Math.round(rate * stepSeconds);
    const t0 = performance.now();
    const cpu0 = process.cpuUsage();
    const posts = [];
    for (let i = 0; i < total; i++) {
      const due = t0 + (i * 1000) / rate;
      const wait = due - performance.now();
      if (wait > 1) await sleep(wait);
      const n = ++seq;
      const q = n % connections.length;
      const conn = connections[q];
      step.expected += perQueue.get(q) ?? 0;
      const customer = customerOf(n);
      const from = webhookFroms[n % webhookFroms.length];
      const posted = performance.now();
      sentAt.set(n, posted);
      posts.push(
        customerWrites(stack, conn, { from: customer, body: `bench ${q} ${n}` }, from)
          .then((res) => {
            if (res.status !== 200) step.errors++;
            step.webhookMs.push(performance.now() - posted);
          })
          .catch(() => step.errors++),
      );
    }
    const sendSeconds = (performance.now() - t0) / 1000;
    await Promise.all(posts);
    await sleep(3_000); // late arrivals of this step
    const cpu = process.cpuUsage(cpu0);
    const generatorCpu = (cpu.user + cpu.system) / 1000 / (performance.now() - t0);
    const sorted = Float64Array.from(step.latencies).sort();
    const hooks = Float64Array.from(step.webhookMs).sort();
    process.send({
      type: 'step',
      rate,
      achievedRate: total / sendSeconds,
      messages: total,
      deliveries: sorted.length,
      expected: step.expected,
      nonEntitled: step.nonEntitled,
      errors: step.errors,
      p50: quantile(sorted, 0.5),
      p95: quantile(sorted, 0.95),
      p99: quantile(sorted, 0.99),
      max: sorted.length ? sorted[sorted.length - 1] : Number.NaN,
      webhookP50: quantile(hooks, 0.5),
      webhookP95: quantile(hooks, 0.95),
      generatorCpu,
    });
  }
  step = null;
  for (const s of sockets) s.disconnect();
  process.send({ type: 'done' });
});
