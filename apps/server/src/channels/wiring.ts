/**
 * Wires the message pipeline: the channel registry (adapters), the ingest port adapters call, the connections
 * and message routes, the send/download jobs and each channel's webhooks. The only place where a particular
 * adapter meets the modules.
 */
import type { Db } from '../db/open';
import { createIngestService, ttlMemo } from '../modules/ingest/ingest.service';
import { registerMessagingJobs } from '../modules/messages/messages.jobs';
import { messagesRoutes } from '../modules/messages/messages.routes';
import { createOutboundService } from '../modules/messages/outbound.service';
import * as whatsappsRepo from '../modules/whatsapps/whatsapps.repository';
import { whatsappsRoutes } from '../modules/whatsapps/whatsapps.routes';
import type { CoreDeps } from '../platform/deps';
import type { App } from '../platform/http';
import { cloudApiWebhookRoutes } from './cloud-api/webhook.routes';
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
  messagesRoutes(app, deps, outbound);
  registerMessagingJobs({ deps, channels, logger: app.log });
  // Every webhook reads its connection's secret: reused for 2 s (a changed secret is honoured within that).
  const findConnection = ttlMemo((id: number) => whatsappsRepo.findChannelConnection(db, id), 2000);
  cloudApiWebhookRoutes(app, {
    findConnection,
    findByPhoneNumberId: (id) => whatsappsRepo.findChannelConnectionsByPhoneNumberId(db, id),
    findCompanyConnections: (companyId) => whatsappsRepo.findCompanyCloudConnections(db, companyId),
    findByVerifyToken: (token) => whatsappsRepo.findChannelConnectionByVerifyToken(db, token),
    ingest,
  });
  return { channels, ingest, outbound };
}
