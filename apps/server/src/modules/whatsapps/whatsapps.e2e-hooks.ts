/**
 * Test-only: POST /_e2e/whatsappSession/:whatsappId {status, qrcode} pushes a session state through the same port a
 * Baileys socket uses (ingest.connectionState → row + company-{id}-whatsappSession on the real gateway). Registered only
 * when E2E_HOOKS=on (the Playwright server): a Baileys socket cannot reach WhatsApp from the test machines.
 */
import { CONNECTION_STATUSES, WhatsappIdParams } from '@atendo/shared';
import { z } from 'zod';
import type { IngestPort } from '../../channels/types';
import type { CoreDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import type { App } from '../../platform/http';
import { findWhatsapp } from './whatsapps.repository';

const Body = z.object({ status: z.enum(CONNECTION_STATUSES), qrcode: z.string().max(2000).optional() });

export function whatsappsE2eHooks(app: App, deps: CoreDeps, ingest: Pick<IngestPort, 'connectionState'>) {
  app.post(
    '/_e2e/whatsappSession/:whatsappId',
    { config: { permission: 'connections-page:addConnection' }, schema: { tags: ['e2e'], params: WhatsappIdParams, body: Body } },
    async (req) => {
      const row = await findWhatsapp(deps.database.db, req.ctx, req.params.whatsappId);
      if (!row) throw new AppError('ERR_NO_WAPP_FOUND', 404);
      await ingest.connectionState({ connectionId: row.id, status: req.body.status, qrcode: req.body.qrcode ?? '' });
      return { ok: true };
    },
  );
}
