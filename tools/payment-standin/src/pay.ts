/**
 * `npm run pay -- --invoice 12 [--refuse] [--twice|--drop] [--provider efi] [--standin http://127.0.0.1:8091]`:
 * pays (or refuses) the stand-in charge of an invoice — the latest charge without --invoice — and sends the
 * provider's notification to the running product (twice, or not at all: then the reconciliation job finds it).
 */
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    invoice: { type: 'string' },
    provider: { type: 'string' },
    id: { type: 'string' },
    refuse: { type: 'boolean', default: false },
    twice: { type: 'boolean', default: false },
    drop: { type: 'boolean', default: false },
    list: { type: 'boolean', default: false },
    standin: { type: 'string', default: process.env.PAYMENT_STANDIN_URL ?? 'http://127.0.0.1:8091' },
  },
});

const base = values.standin!.replace(/\/$/, '');
if (values.list) {
  const res = await fetch(`${base}/_standin/charges`);
  console.table(((await res.json()) as Record<string, unknown>[]).map(({ deliveries: _d, ...c }) => c));
  process.exit(0);
}
const res = await fetch(`${base}/_standin/${values.refuse ? 'refuse' : 'pay'}`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({
    invoiceId: values.invoice ? Number(values.invoice) : undefined,
    provider: values.provider,
    id: values.id,
    delivery: values.twice ? 'twice' : values.drop ? 'drop' : 'once',
  }),
});
const body = (await res.json()) as { error?: string; provider?: string; id?: string; status?: string; deliveries?: number[] };
if (!res.ok) {
  console.error(`stand-in: ${body.error ?? res.status}`);
  process.exit(1);
}
console.log(
  `${body.provider} charge ${body.id} is ${body.status}; product answered ${body.deliveries?.join(', ') || 'nothing (dropped)'}`,
);
