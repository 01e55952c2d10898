import { createHmac, timingSafeEqual } from 'node:crypto';
import { type ChargeStatus, callJson, header, InvalidNotification, type PaymentProvider, parseJsonBody } from './port';

interface MpPayment {
  id: number | string;
  status: string;
  external_reference: string | null;
  transaction_amount?: number;
}

/** The manifest Mercado Pago signs: `id:{data.id};request-id:{x-request-id};ts:{ts};` (data.id from the query). */
export function mercadoPagoManifest(dataId: string, requestId: string, ts: string) {
  return `id:${dataId.toLowerCase()};request-id:${requestId};ts:${ts};`;
}

export function mercadoPagoSignature(dataId: string, requestId: string, secret: string, ts = String(Date.now())) {
  const v1 = createHmac('sha256', secret)
    .update(mercadoPagoManifest(dataId, requestId, ts))
    .digest('hex');
  return `ts=${ts},v1=${v1}`;
}

/**
 * How far a notification's signed `ts` may be from now (issue 30 item 11): a signature captured once cannot be played
 * again later. Stripe's tolerance; `ts` in milliseconds (as Mercado Pago sends it) or seconds.
 */
export const MERCADOPAGO_SIGNATURE_TOLERANCE_MS = 5 * 60_000;

function signedAtMs(ts: string): number {
  const n = Number(ts);
  return n < 1e12 ? n * 1000 : n;
}

const paymentStatus = (status: string): ChargeStatus =>
  status === 'approved' ? 'paid' : status === 'rejected' || status === 'cancelled' ? 'refused' : 'pending';

/**
 * Mercado Pago Checkout Pro: a preference (its init_point is the checkout URL) carrying our reference. A
 * notification names a payment id only: its x-signature is checked when a secret is configured, and the payment is
 * always fetched back — its status and external_reference are the provider's own word, never the notification's.
 */
export function mercadoPagoProvider(opts: {
  apiUrl: string;
  accessToken: string;
  webhookSecret?: string;
  now?: () => number;
}): PaymentProvider {
  const now = opts.now ?? Date.now;
  const auth = { authorization: `Bearer ${opts.accessToken}` };
  const fetchPayment = (id: string) =>
    callJson<MpPayment>(`${opts.apiUrl}/v1/payments/${encodeURIComponent(id)}`, { headers: auth });
  return {
    name: 'mercadopago',
    async createCharge(req) {
      const pref = await callJson<{ id: string; init_point: string }>(`${opts.apiUrl}/checkout/preferences`, {
        method: 'POST',
        headers: { ...auth, 'x-idempotency-key': req.reference },
        body: {
          items: [{ id: req.reference, title: req.description, quantity: 1, currency_id: 'BRL', unit_price: req.amount }],
          payer: { name: req.payer.name, ...(req.payer.email ? { email: req.payer.email } : {}) },
          external_reference: req.reference,
          notification_url: req.notificationUrl,
          back_urls: { success: req.returnUrl, failure: req.returnUrl, pending: req.returnUrl },
        },
      });
      return { externalId: pref.id, url: pref.init_point };
    },
    async verifyNotification(n) {
      const body = parseJsonBody(n.rawBody) as { id?: string | number; type?: string; data?: { id?: string | number } };
      const queryId = n.query['data.id'];
      const dataId = String(typeof queryId === 'string' ? queryId : (body.data?.id ?? ''));
      if (!dataId) throw new InvalidNotification('no data.id');
      if (opts.webhookSecret) {
        const sig = header(n, 'x-signature') ?? '';
        const requestId = header(n, 'x-request-id') ?? '';
        const parts = Object.fromEntries(sig.split(',').map((p) => p.trim().split('=') as [string, string]));
        if (!parts.ts || !parts.v1) throw new InvalidNotification('no x-signature');
        const expected = createHmac('sha256', opts.webhookSecret)
          .update(mercadoPagoManifest(dataId, requestId, parts.ts))
          .digest();
        const got = Buffer.from(parts.v1, 'hex');
        if (got.length !== expected.length || !timingSafeEqual(got, expected)) throw new InvalidNotification('bad x-signature');
        const at = signedAtMs(parts.ts);
        if (!Number.isFinite(at) || Math.abs(now() - at) > MERCADOPAGO_SIGNATURE_TOLERANCE_MS)
          throw new InvalidNotification('x-signature outside the time tolerance');
      }
      if ((body.type ?? n.query.type) !== 'payment') return { eventId: `mp:${body.id ?? dataId}`, charges: [] };
      // The notification only names the payment: its status and our reference come from Mercado Pago itself.
      const payment = await fetchPayment(dataId).catch(() => {
        throw new InvalidNotification('payment not found at Mercado Pago');
      });
      if (!payment.external_reference) return { eventId: `mp:${body.id ?? dataId}`, charges: [] };
      return {
        eventId: `mp:${body.id ?? dataId}:${payment.status}`,
        charges: [
          { reference: payment.external_reference, status: paymentStatus(payment.status), amount: payment.transaction_amount },
        ],
      };
    },
    async fetchStatus({ reference }) {
      const found = await callJson<{ results: MpPayment[] }>(
        `${opts.apiUrl}/v1/payments/search?external_reference=${encodeURIComponent(reference)}`,
        { headers: auth },
      );
      const paid = (found.results ?? []).find((p) => paymentStatus(p.status) === 'paid');
      return paid ? { status: 'paid', amount: paid.transaction_amount } : { status: 'pending' };
    },
  };
}
