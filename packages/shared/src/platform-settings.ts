import { z } from 'zod';
import { V } from './validation';

/** POST /settings-whitelabel/logo `mode` (seed 001 §7) and the global key each one sets. */
export const WHITELABEL_LOGO_MODES = ['Light', 'Dark', 'Favicon'] as const;
export type WhitelabelLogoMode = (typeof WHITELABEL_LOGO_MODES)[number];
export const WHITELABEL_LOGO_KEY: Record<WhitelabelLogoMode, 'appLogoLight' | 'appLogoDark' | 'appLogoFavicon'> = {
  Light: 'appLogoLight',
  Dark: 'appLogoDark',
  Favicon: 'appLogoFavicon',
};
export const WhitelabelLogoFields = z.object({
  mode: z.enum(WHITELABEL_LOGO_MODES, { error: V.invalid }),
});
/** The stored logo: its key, the URL the login page loads, and the stored file's name. */
export const WhitelabelLogoDto = z.object({ key: z.string(), value: z.string(), filename: z.string() });
export type WhitelabelLogoDto = z.infer<typeof WhitelabelLogoDto>;
/** Logos and favicon: png, jpeg, gif, webp or ico, checked by their bytes; at most 2 MB. */
export const WHITELABEL_IMAGE_ACCEPT = '.png,.jpg,.jpeg,.gif,.webp,.ico,image/png,image/jpeg,image/gif,image/webp,image/x-icon';

/** POST /settings/cert-upload?ref= destinations: the payment provider the .p12 certificate is for (Efí). */
export const CERT_DESTINATIONS = ['efi'] as const;
export type CertDestination = (typeof CERT_DESTINATIONS)[number];
export const CertUploadQuery = z.object({ ref: z.enum(CERT_DESTINATIONS, { error: V.invalid }) });
/** The seed's client reads success from `mensagem`. */
export const CERT_UPLOADED = 'Arquivo Anexado';
export const CertUploadDto = z.object({ mensagem: z.literal(CERT_UPLOADED), ref: z.string(), uploadedAt: z.string() });
export const CERT_MAX_BYTES = 64 * 1024;
/**
 * GET /settings/certificates (super admin): whether each destination has a certificate on file and since when (the
 * upload's time) — never the file, its name or where it is kept.
 */
export const CertificateStatusDto = z.object({
  certificates: z.array(z.object({ ref: z.enum(CERT_DESTINATIONS), present: z.boolean(), uploadedAt: z.string().nullable() })),
});
export type CertificateStatusDto = z.infer<typeof CertificateStatusDto>;

/** The super admin's platform keys (seed 001 §6), by provider; every one is a secret (masked when read). */
export const PLATFORM_KEY_GROUPS = [
  { provider: 'efi', keys: ['eficlientid', 'eficlientsecret', 'efichavepix'] },
  { provider: 'mercadopago', keys: ['mpaccesstoken'] },
  { provider: 'stripe', keys: ['stripeprivatekey'] },
  { provider: 'asaas', keys: ['asaastoken'] },
  { provider: 'openai', keys: ['openaikeyaudio'] },
] as const;
