import type { Config } from '../config';
import { CloudApiAdapter } from './cloud-api/adapter';
import { MessengerAdapter } from './messenger/adapter';
import {
  type Channel,
  type ChannelAdapterFactory,
  type ChannelConnectionConfig,
  ChannelError,
  type ChannelRegistry,
} from './types';

export interface ChannelRegistryOptions {
  graphApiUrl: string;
  graphApiVersion: string;
  maxDownloadBytes?: number;
  fetch?: typeof fetch;
}

/** The registry with the channels this build serves (Cloud API, Messenger and Instagram; Baileys registers its own). */
export function createChannelRegistry(opts: ChannelRegistryOptions): ChannelRegistry {
  const factories = new Map<Channel, ChannelAdapterFactory>();
  const registry: ChannelRegistry = {
    register(channel, factory) {
      factories.set(channel, factory);
    },
    adapterFor(connection: ChannelConnectionConfig) {
      const factory = factories.get(connection.channel);
      if (!factory) throw new ChannelError(`channel ${connection.channel} is not supported`, false, 'CHANNEL_NOT_SUPPORTED');
      return factory(connection);
    },
  };
  registry.register('whatsappapi', (c) => {
    if (!c.phoneNumberId || !c.accessToken) {
      throw new ChannelError('Cloud API connection without phone number id or access token', false, 'NOT_CONFIGURED');
    }
    return new CloudApiAdapter(
      { id: c.id, phoneNumberId: c.phoneNumberId, accessToken: c.accessToken },
      { baseUrl: opts.graphApiUrl, version: opts.graphApiVersion, maxDownloadBytes: opts.maxDownloadBytes, fetch: opts.fetch },
    );
  });
  for (const channel of ['facebook', 'instagram'] as const) {
    registry.register(channel, (c) => {
      if (!c.tokenMeta) throw new ChannelError('Page connection without a Page access token', false, 'NOT_CONFIGURED');
      return new MessengerAdapter(
        { id: c.id, channel, pageToken: c.tokenMeta },
        { baseUrl: opts.graphApiUrl, version: opts.graphApiVersion, maxDownloadBytes: opts.maxDownloadBytes, fetch: opts.fetch },
      );
    });
  }
  return registry;
}

export const channelRegistryFromConfig = (config: Pick<Config, 'graphApiUrl' | 'graphApiVersion'>) =>
  createChannelRegistry({ graphApiUrl: config.graphApiUrl, graphApiVersion: config.graphApiVersion });
