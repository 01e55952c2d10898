/**
 * The WhatsApp QR channel (`whatsapp`, Baileys 7): the session manager of this process, the adapter the outbound
 * and download jobs use, and the session routes. Wired by the composition root (src/composition.ts).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/open';
import type { CoreDeps } from '../../platform/deps';
import type { App } from '../../platform/http';
import type { ChannelRegistry, IngestPort, SessionControl } from '../types';
import { BaileysAdapter, baileysDownloader, type MediaDownloader } from './adapter';
import { BaileysSessionManager, type SessionManagerOptions } from './sessions';
import { baileysSocketFactory, type SocketFactory } from './socket';
import { standinSocketFactory } from './standin-socket';

export { BaileysAdapter, type MediaDownloader } from './adapter';
export { clearAuthState, useDatabaseAuthState } from './auth-state';
export { mapCall, mapMessageUpdate, mapUpsertMessage } from './map';
export { BaileysSessionManager, Session } from './sessions';
export type { BaileysSocketLike, SocketFactory } from './socket';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process' Baileys sessions (tests swap the socket factory and drive the lease loop through it). */
    baileys?: BaileysChannel;
  }
}

export interface BaileysChannel {
  manager: BaileysSessionManager;
  control: SessionControl;
  /** Replaces the media download (tests: no WhatsApp CDN here). */
  useDownloader(d: MediaDownloader): void;
}

export interface BaileysOptions {
  channels: ChannelRegistry;
  ingest: IngestPort;
  logger?: FastifyBaseLogger;
  socketFactory?: SocketFactory;
  manager?: Partial<SessionManagerOptions>;
}

/**
 * Registers the `whatsapp` adapter and the session manager. The lease loop runs in processes that run background
 * work (JOBS=on, the default): a send-only process never holds a socket. Closing the app closes the sockets without
 * logging out and releases the leases, so another process takes the connections over at once.
 */
export function registerBaileys(app: App, deps: CoreDeps, opts: BaileysOptions): BaileysChannel {
  const db: Db = deps.database.db;
  const config = deps.config as { instanceName?: string; baileysStandinUrl?: string };
  // The lease rows name the process (INSTANCE_NAME when set) so an operator sees who runs which connection.
  const owner = `${config.instanceName ? `${config.instanceName}-` : ''}${process.pid}-${randomUUID().slice(0, 8)}`;
  let socketFactory = opts.socketFactory ?? baileysSocketFactory;
  if (!opts.socketFactory && config.baileysStandinUrl) {
    // Test only (config refuses it in production): WhatsApp played by tools/baileys-standin.
    socketFactory = standinSocketFactory(config.baileysStandinUrl, owner);
    opts.logger?.warn(
      { url: config.baileysStandinUrl },
      'QR connections use the Baileys stand-in (BAILEYS_STANDIN_URL, test only)',
    );
  }
  const manager = new BaileysSessionManager({
    db,
    ingest: opts.ingest,
    socketFactory,
    owner,
    publishImport: (companyId, payload) => deps.realtime.publishImportMessages?.(companyId, payload),
    logger: opts.logger,
    ...opts.manager,
  });
  let downloader: MediaDownloader = baileysDownloader;
  opts.channels.register('whatsapp', (c) => new BaileysAdapter(c.id, manager, (m, r) => downloader(m, r)));

  const control: SessionControl = {
    retry: (id) => manager.retry(id),
    newQr: (id) => manager.newQr(id),
    disconnect: (id) => manager.disconnect(id),
    closeImported: (companyId, id) => opts.ingest.closeImported(companyId, id),
  };
  const channel: BaileysChannel = {
    manager,
    control,
    useDownloader: (d) => {
      downloader = d;
    },
  };
  app.decorate('baileys', channel);
  // The Playwright server (E2E_HOOKS=on) pushes fake session states itself: no real socket there (WhatsApp is unreachable).
  const e2e = (deps.config as { e2eHooks?: boolean }).e2eHooks === true;
  if (deps.config.jobs && !e2e) app.addHook('onReady', async () => manager.start());
  app.addHook('onClose', async () => manager.stop());
  return channel;
}
