import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { PaymentProviderName } from '@atendo/shared';
import type { Config } from '../../../config';
import { asaasProvider } from './asaas';
import { efiProvider } from './efi';
import { mercadoPagoProvider } from './mercadopago';
import type { PaymentProvider } from './port';
import { stripeProvider } from './stripe';

export type ProviderKeys = Record<string, string | null>;

/** The global settings (seed 001 §3) that hold each provider's keys, as the super admin saves them. */
export const PROVIDER_KEYS = [
  'eficlientid',
  'eficlientsecret',
  'efichavepix',
  'mpaccesstoken',
  'stripeprivatekey',
  'asaastoken',
] as const;

/** A provider built from its keys, or null when they are not all set. */
/** The uploaded certificate (POST /settings/cert-upload?ref=efi), read when a call needs it. */
function readCertificate(file: string): Buffer | undefined {
  return existsSync(file) ? readFileSync(file) : undefined;
}

export function providerFor(
  name: PaymentProviderName,
  keys: ProviderKeys,
  config: Config['payments'],
  dataDir: string,
): PaymentProvider | null {
  const k = (key: string) => keys[key]?.trim() || null;
  switch (name) {
    case 'efi': {
      const clientId = k('eficlientid');
      const clientSecret = k('eficlientsecret');
      const pixKey = k('efichavepix');
      if (!clientId || !clientSecret || !pixKey) return null;
      return efiProvider({
        apiUrl: config.efiApiUrl,
        clientId,
        clientSecret,
        pixKey,
        webhookHmac: config.efiWebhookHmac,
        certificate: () => readCertificate(path.join(dataDir, 'certs', 'efi.p12')),
      });
    }
    case 'mercadopago': {
      const accessToken = k('mpaccesstoken');
      return accessToken
        ? mercadoPagoProvider({ apiUrl: config.mercadoPagoApiUrl, accessToken, webhookSecret: config.mercadoPagoWebhookSecret })
        : null;
    }
    case 'stripe': {
      const secretKey = k('stripeprivatekey');
      return secretKey
        ? stripeProvider({ apiUrl: config.stripeApiUrl, secretKey, webhookSecret: config.stripeWebhookSecret })
        : null;
    }
    case 'asaas': {
      const apiKey = k('asaastoken');
      return apiKey ? asaasProvider({ apiUrl: config.asaasApiUrl, apiKey, webhookToken: config.asaasWebhookToken }) : null;
    }
  }
}

/** Which provider new charges go to: the first configured in this order (PIX first: it confirms in seconds). */
export const PROVIDER_ORDER: PaymentProviderName[] = ['efi', 'mercadopago', 'stripe', 'asaas'];
