import { timingSafeEqual } from 'node:crypto';
import {
  type ChargeStatus,
  callJson,
  header,
  InvalidNotification,
  onlyDigits,
  type PaymentProvider,
  parseJsonBody,
} from './port';

interface AsaasPayment {
  id: string;
  status: string;
  invoiceUrl: string;
  externalReference: string | null;
  value?: number;
}

const PAID = new Set(['RECEIVED', 'CONFIRMED', 'RECEIVED_IN_CASH']);
const REFUSED = new Set(['REFUNDED', 'CHARGEBACK_REQUESTED', 'DELETED']);
const paymentStatus = (s: string): ChargeStatus => (PAID.has(s) ? 'paid' : REFUSED.has(s) ? 'refused' : 'pending');

const sameSecret = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * Asaas: a customer and a payment (billingType UNDEFINED: the payer picks PIX, boleto or card on the invoiceUrl).
 * Its webhook carries the token set on the webhook in Asaas' panel in the `asaas-access-token` header.
 */
export function asaasProvider(opts: { apiUrl: string; apiKey: string; webhookToken?: string }): PaymentProvider {
  const auth = { access_token: opts.apiKey };
  return {
    name: 'asaas',
    async createCharge(req) {
      const customer = await callJson<{ id: string }>(`${opts.apiUrl}/customers`, {
        method: 'POST',
        headers: auth,
        body: {
          name: req.payer.name,
          cpfCnpj: onlyDigits(req.payer.taxId),
          ...(req.payer.email ? { email: req.payer.email } : {}),
        },
      });
      const payment = await callJson<AsaasPayment>(`${opts.apiUrl}/payments`, {
        method: 'POST',
        headers: auth,
        body: {
          customer: customer.id,
          billingType: 'UNDEFINED',
          value: req.amount,
          dueDate: req.dueDate.toISOString().slice(0, 10),
          description: req.description,
          externalReference: req.reference,
        },
      });
      return { externalId: payment.id, url: payment.invoiceUrl };
    },
    async verifyNotification(n) {
      if (!opts.webhookToken) throw new InvalidNotification('no Asaas webhook token configured');
      if (!sameSecret(header(n, 'asaas-access-token') ?? '', opts.webhookToken))
        throw new InvalidNotification('bad asaas-access-token');
      const event = parseJsonBody(n.rawBody) as { id?: string; event?: string; payment?: AsaasPayment };
      const payment = event.payment;
      if (!payment?.id || !event.event?.startsWith('PAYMENT_')) return { eventId: String(event.id ?? ''), charges: [] };
      return {
        eventId: event.id ?? `${event.event}:${payment.id}`,
        charges: [{ externalId: payment.id, status: paymentStatus(payment.status), amount: payment.value }],
      };
    },
    async fetchStatus({ externalId }) {
      if (!externalId) return { status: 'pending' };
      const p = await callJson<AsaasPayment>(`${opts.apiUrl}/payments/${encodeURIComponent(externalId)}`, { headers: auth });
      return { status: paymentStatus(p.status), amount: p.value };
    },
  };
}
