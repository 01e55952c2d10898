import { WhatsappIdParams } from '@atendo/shared';
import { z } from 'zod';
import type { CoreDeps } from '../../platform/deps';
import type { App } from '../../platform/http';
import type { WhatsappSessionService } from './whatsapp-session.service';

const Message = z.object({ message: z.string() });

/** Session actions of WhatsApp QR connections (seed 001 §7 "Connections"). */
export function whatsappSessionRoutes(app: App, _deps: CoreDeps, sessions: WhatsappSessionService) {
  const tags = ['whatsapp-session'];
  const act = { permission: 'connections-page:actionButtons', plan: 'useWhatsapp' } as const;
  const params = WhatsappIdParams;
  const ok = { 200: Message };

  app.post('/whatsappsession/:whatsappId', { config: act, schema: { tags, params, response: ok } }, async (req) => {
    await sessions.retry(req.ctx, req.params.whatsappId);
    return { message: 'Starting session.' };
  });
  app.put('/whatsappsession/:whatsappId', { config: act, schema: { tags, params, response: ok } }, async (req) => {
    await sessions.newQr(req.ctx, req.params.whatsappId);
    return { message: 'Starting session.' };
  });
  app.delete('/whatsappsession/:whatsappId', { config: act, schema: { tags, params, response: ok } }, async (req) => {
    await sessions.disconnect(req.ctx, req.params.whatsappId);
    return { message: 'Session disconnected.' };
  });
  app.delete(
    '/whatsappsession/admin/:whatsappId',
    { config: { superOnly: true }, schema: { tags, params, response: ok } },
    async (req) => {
      await sessions.disconnect(req.ctx, req.params.whatsappId, { anyCompany: true });
      return { message: 'Session disconnected.' };
    },
  );
  app.post('/whatsapp-restart', { config: act, schema: { tags, response: ok } }, async (req) => {
    await sessions.restartAll(req.ctx);
    return { message: 'Whatsapp restart.' };
  });
  app.post(
    '/closedimported/:whatsappId',
    { config: act, schema: { tags, params, response: { 200: z.object({ message: z.string(), closed: z.number() }) } } },
    async (req) => {
      const closed = await sessions.closeImported(req.ctx, req.params.whatsappId);
      return { message: 'Tickets closed.', closed };
    },
  );
}
