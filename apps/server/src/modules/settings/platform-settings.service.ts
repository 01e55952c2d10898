import { randomBytes } from 'node:crypto';
import { chmod, mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  CERT_DESTINATIONS,
  CERT_MAX_BYTES,
  CERT_UPLOADED,
  type CertDestination,
  type CertificateStatusDto,
  V,
  WHITELABEL_LOGO_KEY,
  type WhitelabelLogoDto,
  WhitelabelLogoFields,
} from '@atendo/shared';
import type { TenantContext } from '../../platform/context';
import type { CoreDeps } from '../../platform/deps';
import { AppError, fieldError } from '../../platform/errors';
import type { BytesUpload, Upload } from '../../platform/intake';
import * as repo from './settings.repository';

/** The platform's own company: its media folder holds the white-label images. */
const PLATFORM = { companyId: 1 } as const;

/**
 * A PKCS#12 file (.p12/.pfx) by its bytes: a DER SEQUENCE whose first element is INTEGER 3 (the PFX version).
 * Anything else — a renamed text, image or PEM file — is refused.
 */
export function isPkcs12(data: Buffer): boolean {
  if (data.length < 8 || data[0] !== 0x30) return false;
  const lenByte = data[1];
  let offset: number;
  if (lenByte === 0x80)
    offset = 2; // BER indefinite length
  else if (lenByte < 0x80) offset = 2;
  else {
    const n = lenByte & 0x7f;
    if (n < 1 || n > 4) return false;
    offset = 2 + n;
  }
  return data[offset] === 0x02 && data[offset + 1] === 0x01 && data[offset + 2] === 0x03;
}

/** White-label images and the payment certificate (seed 001 §7 "Settings"): super admin only. */
export function createPlatformSettingsService(deps: CoreDeps) {
  const { db } = deps.database;
  /** Outside the media store and any served folder: the certificate is never served back. */
  const certDir = path.join(deps.config.dataDir, 'certs');

  function requireSuper(ctx: TenantContext) {
    if (!ctx.user.super) throw new AppError('ERR_NO_PERMISSION', 403);
  }

  return {
    /** POST /settings-whitelabel/logo (typeArch=logo, mode Light|Dark|Favicon, file): an image by its bytes. */
    async uploadLogo(ctx: TenantContext, upload: Upload): Promise<WhitelabelLogoDto> {
      requireSuper(ctx);
      const saved = await upload({ companyId: PLATFORM.companyId, kind: 'logo' });
      const fields = WhitelabelLogoFields.safeParse(saved.fields);
      if (!fields.success) {
        await deps.media.remove(saved.path);
        throw fieldError('mode', V.invalid);
      }
      const key = WHITELABEL_LOGO_KEY[fields.data.mode];
      const previous = await repo.getGlobalSetting(db, key);
      await repo.setGlobalSetting(db, key, saved.path);
      if (previous && previous !== saved.path) await deps.media.remove(previous);
      return { key, value: deps.mediaUrl(saved.path), filename: path.basename(saved.path) };
    },

    /** POST /settings/cert-upload?ref=: a .p12 (by name and bytes), kept readable by the server only. */
    async uploadCertificate(ctx: TenantContext, ref: CertDestination, upload: BytesUpload) {
      requireSuper(ctx);
      const { data, filename } = await upload({ maxBytes: CERT_MAX_BYTES, maxParts: 2 });
      if (!/\.p12$/i.test(filename) || !isPkcs12(data)) throw new AppError('ERR_INVALID_FILE_TYPE', 400);
      await mkdir(certDir, { recursive: true, mode: 0o700 });
      const target = path.join(certDir, `${ref}.p12`);
      const tmp = path.join(certDir, `.${randomBytes(8).toString('hex')}.part`);
      try {
        await writeFile(tmp, data, { mode: 0o600 });
        await rename(tmp, target);
        await chmod(target, 0o600);
      } catch (err) {
        await rm(tmp, { force: true });
        throw err;
      }
      const { mtime } = await stat(target);
      return { mensagem: CERT_UPLOADED, ref, uploadedAt: mtime.toISOString() } as const;
    },

    /** GET /settings/certificates: each destination's certificate on file or not, and when it was uploaded (its file's time). */
    async certificateStatus(ctx: TenantContext): Promise<CertificateStatusDto> {
      requireSuper(ctx);
      const certificates = await Promise.all(
        CERT_DESTINATIONS.map(async (ref) => {
          const file = await stat(path.join(certDir, `${ref}.p12`)).catch(() => null);
          return file?.isFile()
            ? { ref, present: true, uploadedAt: file.mtime.toISOString() }
            : { ref, present: false, uploadedAt: null };
        }),
      );
      return { certificates };
    },
  };
}

export type PlatformSettingsService = ReturnType<typeof createPlatformSettingsService>;
