import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { MetaPagesPort } from '../types';
import { MessengerClient } from './client';
import type { PageConnection } from './webhook.routes';

export { MessengerAdapter, type MessengerConnection, textMessage } from './adapter';
export { MessengerClient, PAGE_SUBSCRIBED_FIELDS } from './client';
export { channelOfObject, listEntries, METADATA_PREFIX, type MessengerChannel, mapMessaging, mapMessengerWebhook } from './map';
export { messengerWebhookRoutes, type PageConnection } from './webhook.routes';

type MetaConfig = Pick<Config, 'graphApiUrl' | 'graphApiVersion' | 'facebookAppId' | 'facebookAppSecret'>;

/** The Graph API calls of a Facebook login, with the app's id and secret from the configuration. */
export function metaPagesFromConfig(config: MetaConfig, fetchImpl?: typeof fetch): MetaPagesPort {
  const client = new MessengerClient({ baseUrl: config.graphApiUrl, version: config.graphApiVersion, fetch: fetchImpl });
  return {
    async exchangeUserToken(userToken) {
      // Without the app's id and secret the login's own (short-lived) token is kept: Page tokens then expire with it.
      if (!config.facebookAppId || !config.facebookAppSecret) return userToken;
      return client.exchangeUserToken(config.facebookAppId, config.facebookAppSecret, userToken);
    },
    async listPages(userToken) {
      return (await client.listPages(userToken)).map((p) => ({
        id: p.id,
        name: p.name,
        accessToken: p.access_token,
        instagram: p.instagram_business_account,
      }));
    },
    subscribePage: (pageId, pageToken) => client.subscribePage(pageId, pageToken),
  };
}

/**
 * The customer's profile name for a webhook, asked once per (connection, customer) and kept 10 minutes; a lookup
 * that fails or takes over 3 s names nobody (the contact keeps its id as name until a later message).
 */
export function profileNames(config: Pick<Config, 'graphApiUrl' | 'graphApiVersion'>, log?: FastifyBaseLogger) {
  const client = new MessengerClient({ baseUrl: config.graphApiUrl, version: config.graphApiVersion, timeoutMs: 3000 });
  const cache = new Map<string, { at: number; name?: string }>();
  return async (conn: PageConnection, customerId: string): Promise<string | undefined> => {
    const key = `${conn.id}:${customerId}`;
    const hit = cache.get(key);
    if (hit && Date.now() - hit.at < 600_000) return hit.name;
    if (!conn.tokenMeta) return undefined;
    let name: string | undefined;
    try {
      name = await client.profileName(conn.tokenMeta, customerId, conn.channel === 'instagram' ? 'instagram' : 'facebook');
    } catch (err) {
      log?.debug({ err: (err as Error).message, connectionId: conn.id }, 'profile lookup failed');
    }
    if (cache.size > 5000) cache.clear();
    cache.set(key, { at: Date.now(), name });
    return name;
  };
}
