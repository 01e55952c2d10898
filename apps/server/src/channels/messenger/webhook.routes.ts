/**
 * Messenger Platform webhooks (Facebook Pages and Instagram messaging), one callback URL per Meta app:
 *   GET|POST /webhooks/facebook   (also /webhooks/instagram: the same handler, for apps that keep them apart)
 * GET answers Meta's subscription handshake with FACEBOOK_VERIFY_TOKEN. POST is checked against X-Hub-Signature-256
 * with FACEBOOK_APP_SECRET (401 and nothing stored otherwise), routed by `entry.id` (Page id or Instagram account id)
 * to the connections that hold it, and answered 200 only after every event is stored.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from '../../platform/errors';
import type { App } from '../../platform/http';
import { eventReceivedAnswer, hubChallengeAnswer } from '../../platform/openapi';
import { verifyHubChallenge, verifySignature } from '../cloud-api/signature';
import type { InboundMessage, IngestPort } from '../types';
import { listEntries, type MessengerChannel, mapMessengerWebhook } from './map';

export interface PageConnection {
  id: number;
  companyId: number;
  channel: string;
  tokenMeta: string | null;
}

export interface MessengerWebhookDeps {
  appSecret?: string;
  verifyToken?: string;
  /** Connections (of any company) that hold this Page / Instagram account. */
  findByEntry(channel: MessengerChannel, entryId: string): Promise<PageConnection[]>;
  /** The customer's profile name, or undefined (never throws; bounded in time). */
  profileName(conn: PageConnection, customerId: string): Promise<string | undefined>;
  ingest: IngestPort;
}

const BODY_LIMIT = 3 * 1024 * 1024;

export function messengerWebhookRoutes(app: App, deps: MessengerWebhookDeps) {
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (_req, body, done) => done(null, body));
    const config = { public: true } as const;
    const tags = ['webhooks'];

    const handshake = async (req: FastifyRequest, reply: FastifyReply) => {
      const check = verifyHubChallenge(req.query as Record<string, unknown>, deps.verifyToken);
      if (!check.ok) return sendError(reply, 'ERR_NO_PERMISSION'); // wrong verify token: Meta expects 403
      return reply.code(200).type('text/plain').send(check.challenge);
    };

    const receive = async (req: FastifyRequest, reply: FastifyReply) => {
      const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      if (!verifySignature(raw, req.headers['x-hub-signature-256'], deps.appSecret)) {
        req.log.warn(
          { ip: req.ip, configured: !!deps.appSecret },
          'Messenger webhook with a missing or invalid signature refused',
        );
        return sendError(reply, 'ERR_INVALID_WEBHOOK_SIGNATURE');
      }
      let payload: unknown;
      try {
        payload = JSON.parse(raw.toString('utf8'));
      } catch {
        return sendError(reply, 'ERR_VALIDATION');
      }
      const byEntry = new Map<string, PageConnection[]>();
      for (const { channel, entryId } of listEntries(payload)) {
        const key = `${channel}:${entryId}`;
        if (!byEntry.has(key)) byEntry.set(key, await deps.findByEntry(channel, entryId));
      }
      const connections = new Map([...byEntry.values()].flat().map((c) => [c.id, c]));
      const { events, unknownEntries } = mapMessengerWebhook(payload, (channel, entryId) =>
        (byEntry.get(`${channel}:${entryId}`) ?? []).map((c) => c.id),
      );
      if (unknownEntries.length) req.log.warn({ unknownEntries }, 'Messenger webhook for Pages no connection holds');
      // Messenger webhooks carry no names: ask the profile once per customer (cached by the lookup).
      await Promise.all(
        events
          .filter((e): e is InboundMessage => e.kind === 'message' && !e.fromMe && !e.contactName)
          .map(async (e) => {
            const conn = connections.get(e.connectionId);
            if (conn) e.contactName = await deps.profileName(conn, e.from);
          }),
      );
      if (events.length) await deps.ingest.ingest(events);
      return reply.code(200).type('text/plain').send('EVENT_RECEIVED');
    };

    for (const path of ['/webhooks/facebook', '/webhooks/instagram']) {
      scope.get(path, { config, schema: { tags, response: hubChallengeAnswer } }, handshake);
      scope.post(path, { config, schema: { tags, response: eventReceivedAnswer } }, receive);
    }
  });
}
