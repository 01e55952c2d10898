import { CertificateStatusDto, CertUploadDto, CertUploadQuery, WhitelabelLogoDto } from '@atendo/shared';
import type { CoreDeps } from '../../platform/deps';
import type { App } from '../../platform/http';
import { createPlatformSettingsService } from './platform-settings.service';

/** The super admin's settings uploads (seed 001 §7): white-label images and the payment certificate. */
export function platformSettingsRoutes(app: App, deps: CoreDeps) {
  const service = createPlatformSettingsService(deps);
  const tags = ['settings'];
  app.post(
    '/settings-whitelabel/logo',
    { config: { superOnly: true }, schema: { tags, response: { 200: WhitelabelLogoDto } } },
    async (req) => service.uploadLogo(req.ctx, req),
  );
  app.post(
    '/settings/cert-upload',
    { config: { superOnly: true }, schema: { tags, querystring: CertUploadQuery, response: { 200: CertUploadDto } } },
    async (req) => service.uploadCertificate(req.ctx, req.query.ref, req),
  );
  app.get(
    '/settings/certificates',
    { config: { superOnly: true }, schema: { tags, response: { 200: CertificateStatusDto } } },
    async (req) => service.certificateStatus(req.ctx),
  );
}
