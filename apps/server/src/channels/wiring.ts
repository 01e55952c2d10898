/**
 * Wires the message pipeline: the channel registry (adapters), the ingest port adapters call, the connections
 * and message routes, the send/download jobs and each channel's webhooks. The only place where a particular
 * adapter meets the modules.
 */
import type { Db } from '../db/open';
import { facebookRoutes } from '../modules/facebook/facebook.routes';
import { createFacebookService } from '../modules/facebook/facebook.service';
import { createIngestService, ttlMemo } from '../modules/ingest/ingest.service';
import { registerMessagingJobs } from '../modules/messages/messages.jobs';
import { createOutboundService } from '../modules/messages/outbound.service';
import { whatsappSessionRoutes } from '../modules/whatsapp-session/whatsapp-session.routes';
import { whatsappsE2eHooks } from '../modules/whatsapps/whatsapps.e2e-hooks';
import * as whatsappsRepo from '../modules/whatsapps/whatsapps.repository';
import { whatsappsRoutes } from '../modules/whatsapps/whatsapps.routes';
import { createWhatsappsService } from '../modules/whatsapps/whatsapps.service';
import type { CoreDeps } from '../platform/deps';
import type { App } from '../platform/http';
import { registerBaileys } from './baileys';
import { cloudApiWebhookRoutes } from './cloud-api/webhook.routes';
import { metaPagesFromConfig, profileNames } from './messenger';
import { messengerWebhookRoutes } from './messenger/webhook.routes';
import { channelRegistryFromConfig } from './registry';
import type { ChannelRegistry, IngestPort } from './types';

export interface Messaging {
  channels: ChannelRegistry;
  ingest: IngestPort;
  outbound: ReturnType<typeof createOutboundService>;
}

export function registerMessaging(app: App, deps: CoreDeps, opts: { channels?: ChannelRegistry } = {}): Messaging {
  const db: Db = deps.database.db;
  const channels = opts.channels ?? channelRegistryFromConfig(deps.config);
  const ingest = createIngestService(deps, { logger: app.log });
  const outbound = createOutboundService(deps);

  whatsappsRoutes(app, deps);
  registerMessagingJobs({ deps, channels, logger: app.log });
  whatsappSessionRoutes(app, deps, registerBaileys(app, deps, { channels, ingest, logger: app.log }).control);
  // Every webhook reads its connection's secret: reused for 2 s (a changed secret is honoured within that).
  const findConnection = ttlMemo((id: number) => whatsappsRepo.findChannelConnection(db, id), 2000);
  cloudApiWebhookRoutes(app, {
    findConnection,
    findByPhoneNumberId: (id) => whatsappsRepo.findChannelConnectionsByPhoneNumberId(db, id),
    findCompanyConnections: (companyId) => whatsappsRepo.findCompanyCloudConnections(db, companyId),
    findByVerifyToken: (token) => whatsappsRepo.findChannelConnectionByVerifyToken(db, token),
    ingest,
  });
  const findPage = ttlMemo((key: string) => {
    const [channel, entryId] = key.split(':');
    return whatsappsRepo.findPageConnections(db, channel, entryId);
  }, 2000);
  // Facebook / Instagram: one callback per Meta app, routed by Page / Instagram account id; POST /facebook connects Pages.
  messengerWebhookRoutes(app, {
    appSecret: deps.config.facebookAppSecret,
    verifyToken: deps.config.facebookVerifyToken,
    findByEntry: (channel, entryId) => findPage(`${channel}:${entryId}`),
    profileName: profileNames(deps.config, app.log),
    ingest,
  });
  facebookRoutes(
    app,
    createFacebookService({
      pages: metaPagesFromConfig(deps.config),
      whatsapps: createWhatsappsService(deps),
      log: (obj, msg) => app.log.warn(obj, msg),
    }),
  );
  if (deps.config.e2eHooks) whatsappsE2eHooks(app, deps, ingest);
  return { channels, ingest, outbound };
}
