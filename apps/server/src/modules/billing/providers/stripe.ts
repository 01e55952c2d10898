import { createHmac, timingSafeEqual } from 'node:crypto';
import { type ChargeStatus, callJson, header, InvalidNotification, type PaymentProvider, parseJsonBody } from './port';

/** Seconds a Stripe-Signature timestamp may be old (Stripe's libraries use 300). */
const TOLERANCE_SECONDS = 300;

interface StripeSession {
  id: string;
  url: string | null;
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  status: 'open' | 'complete' | 'expired';
  client_reference_id: string | null;
  /** In cents. */
  amount_total?: number | null;
}

const sessionAmount = (s: StripeSession) => (typeof s.amount_total === 'number' ? s.amount_total / 100 : undefined);

/** `Stripe-Signature: t=…,v1=…`: HMAC-SHA256 of `${t}.${body}` with the endpoint's signing secret. */
export function stripeSignatureHeader(rawBody: string | Buffer, secret: string, timestamp = Math.floor(Date.now() / 1000)) {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

export function verifyStripeSignature(rawBody: Buffer, signature: string | undefined, secret: string, now = Date.now()) {
  if (!signature) return false;
  const parts = signature.split(',').map((p) => p.split('=') as [string, string]);
  const t = Number(parts.find(([k]) => k === 't')?.[1]);
  if (!Number.isFinite(t) || Math.abs(now / 1000 - t) > TOLERANCE_SECONDS) return false;
  const expected = createHmac('sha256', secret).update(`${t}.`).update(rawBody).digest();
  return parts
    .filter(([k]) => k === 'v1')
    .some(([, v]) => {
      const got = Buffer.from(v ?? '', 'hex');
      return got.length === expected.length && timingSafeEqual(got, expected);
    });
}

const sessionStatus = (s: Pick<StripeSession, 'payment_status' | 'status'>): ChargeStatus =>
  s.payment_status === 'paid' ? 'paid' : s.status === 'expired' ? 'refused' : 'pending';

/** Stripe Checkout Sessions (mode payment, BRL); confirmation by the signed `checkout.session.*` events. */
export function stripeProvider(opts: { apiUrl: string; secretKey: string; webhookSecret?: string }): PaymentProvider {
  const auth = { authorization: `Bearer ${opts.secretKey}` };
  return {
    name: 'stripe',
    async createCharge(req) {
      const form = new URLSearchParams({
        mode: 'payment',
        success_url: req.returnUrl,
        cancel_url: req.returnUrl,
        client_reference_id: req.reference,
        'metadata[reference]': req.reference,
        'line_items[0][quantity]': '1',
        'line_items[0][price_data][currency]': 'brl',
        'line_items[0][price_data][unit_amount]': String(Math.round(req.amount * 100)),
        'line_items[0][price_data][product_data][name]': req.description,
      });
      if (req.payer.email) form.set('customer_email', req.payer.email);
      const s = await callJson<StripeSession>(`${opts.apiUrl}/v1/checkout/sessions`, { method: 'POST', headers: auth, form });
      return { externalId: s.id, url: s.url ?? undefined };
    },
    async verifyNotification(n) {
      if (!opts.webhookSecret) throw new InvalidNotification('no Stripe signing secret configured');
      if (!verifyStripeSignature(n.rawBody, header(n, 'stripe-signature'), opts.webhookSecret)) {
        throw new InvalidNotification('bad Stripe-Signature');
      }
      const event = parseJsonBody(n.rawBody) as { id?: string; type?: string; data?: { object?: StripeSession } };
      const session = event.data?.object;
      if (!event.id || !session?.id || !event.type?.startsWith('checkout.session.'))
        return { eventId: String(event.id ?? ''), charges: [] };
      return {
        eventId: event.id,
        charges: [{ externalId: session.id, status: sessionStatus(session), amount: sessionAmount(session) }],
      };
    },
    async fetchStatus({ externalId }) {
      if (!externalId) return { status: 'pending' };
      const s = await callJson<StripeSession>(`${opts.apiUrl}/v1/checkout/sessions/${encodeURIComponent(externalId)}`, {
        headers: auth,
      });
      return { status: sessionStatus(s), amount: sessionAmount(s) };
    },
  };
}
