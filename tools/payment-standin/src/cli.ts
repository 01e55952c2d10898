/**
 * `npm run payment-standin`: the payment providers' stand-in for a product running locally. Point the product at it
 * (docs/billing.md): EFI_API_URL, MERCADOPAGO_API_URL, STRIPE_API_URL = this URL; ASAAS_API_URL = this URL + /v3;
 * and the same webhook secrets in both. Then pay with `npm run pay -- --invoice <id>`.
 */
import { startPaymentStandin } from './server';

const port = Number(process.env.PAYMENT_STANDIN_PORT ?? 8091);
const standin = await startPaymentStandin({
  port,
  host: process.env.PAYMENT_STANDIN_HOST ?? '127.0.0.1',
  productUrl: process.env.PRODUCT_URL ?? 'http://localhost:8080',
  stripeWebhookSecret: process.env.STRIPE_WEBHOOK_SECRET ?? 'whsec_standin',
  mercadoPagoWebhookSecret: process.env.MERCADOPAGO_WEBHOOK_SECRET ?? 'mp-standin-secret',
  asaasWebhookToken: process.env.ASAAS_WEBHOOK_TOKEN ?? 'asaas-standin-token',
  efiWebhookHmac: process.env.EFI_WEBHOOK_HMAC ?? 'efi-standin-hmac',
});
console.log(`payment stand-in on ${standin.url} (notifications to ${process.env.PRODUCT_URL ?? 'http://localhost:8080'})`);
const stop = async () => {
  await standin.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
