import { CertificateStatusDto, CertUploadDto, CertUploadQuery, WhitelabelLogoDto } from '@atendo/shared';
import type { CoreDeps } from '../../platform/deps';
import type { App } from '../../platform/http';
import { bytesOf, uploadOf } from '../../platform/intake';
import type { PlatformSettingsService } from './platform-settings.service';

/** The super admin's settings uploads (seed 001 §7): white-label images and the payment certificate. */
export function platformSettingsRoutes(app: App, deps: CoreDeps, service: PlatformSettingsService) {
  const tags = ['settings'];
  app.post(
    '/settings-whitelabel/logo',
    { config: { superOnly: true }, schema: { tags, response: { 200: WhitelabelLogoDto } } },
    async (req) => service.uploadLogo(req.ctx, uploadOf(req, deps.media, 'file')),
  );
  app.post(
    '/settings/cert-upload',
    { config: { superOnly: true }, schema: { tags, querystring: CertUploadQuery, response: { 200: CertUploadDto } } },
    async (req) => service.uploadCertificate(req.ctx, req.query.ref, bytesOf(req)),
  );
  app.get(
    '/settings/certificates',
    { config: { superOnly: true }, schema: { tags, response: { 200: CertificateStatusDto } } },
    async (req) => service.certificateStatus(req.ctx),
  );
}
