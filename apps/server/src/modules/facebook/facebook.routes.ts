import { FacebookConnectBody, WhatsappDto } from '@atendo/shared';
import { z } from 'zod';
import type { CoreDeps } from '../../platform/deps';
import type { App } from '../../platform/http';
import type { createFacebookService } from './facebook.service';

/** POST /facebook (seed 001 §7): connects the Pages / Instagram accounts of a Facebook login; answers their connections. */
export function facebookRoutes(app: App, _deps: CoreDeps, facebook: ReturnType<typeof createFacebookService>) {
  app.post(
    '/facebook',
    {
      config: { permission: 'connections-page:addConnection' },
      schema: { tags: ['whatsapps'], body: FacebookConnectBody, response: { 200: z.array(WhatsappDto) } },
    },
    async (req) => facebook.connect(req.ctx, req.body),
  );
}
