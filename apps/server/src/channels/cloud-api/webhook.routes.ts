/**
 * WhatsApp Cloud API webhooks.
 *   GET|POST /webhooks/whatsappapi/:whatsappId   the callback URL of one connection (shown on the connection)
 *   GET|POST /webhooks/whatsappapi               one URL for several numbers: routed by metadata.phone_number_id
 * POST is answered 200 only after every event is stored; a missing or wrong X-Hub-Signature-256 answers 401 and
 * stores nothing. The company is always the connection's: never anything the body says.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendError } from '../../platform/errors';
import type { App } from '../../platform/http';
import { eventReceivedAnswer, hubChallengeAnswer } from '../../platform/openapi';
import type { IngestPort } from '../types';
import { listChanges, mapWebhook } from './map';
import { verifyHubChallenge, verifySignature } from './signature';

export interface WebhookConnection {
  id: number;
  companyId: number;
  channel: string;
  phoneNumberId: string | null;
  appSecret: string | null;
  verifyToken: string | null;
}

export interface CloudWebhookDeps {
  findConnection(id: number): Promise<WebhookConnection | null>;
  findByPhoneNumberId(phoneNumberId: string): Promise<WebhookConnection[]>;
  findCompanyConnections(companyId: number): Promise<WebhookConnection[]>;
  findByVerifyToken(verifyToken: string): Promise<WebhookConnection | null>;
  ingest: IngestPort;
}

/** Meta's notifications are small; a few MB leaves room for batched deliveries. */
const BODY_LIMIT = 3 * 1024 * 1024;
const Params = z.object({ whatsappId: z.coerce.number().int().positive().max(2147483647) });

export function cloudApiWebhookRoutes(app: App, deps: CloudWebhookDeps) {
  app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    // The signature is over the exact bytes received: keep them, parse only after verifying.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (_req, body, done) => done(null, body));

    const config = { public: true } as const;
    const tags = ['webhooks'];

    scope.get(
      '/webhooks/whatsappapi/:whatsappId',
      { config, schema: { tags, params: Params, response: hubChallengeAnswer } },
      async (req, reply) => {
        const conn = await deps.findConnection(req.params.whatsappId);
        const check =
          conn?.channel === 'whatsappapi' ? verifyHubChallenge(req.query as Record<string, unknown>, conn.verifyToken) : null;
        if (!check?.ok) return sendError(reply, 'ERR_NO_PERMISSION'); // wrong verify token: Meta expects 403
        return reply.code(200).type('text/plain').send(check.challenge);
      },
    );

    scope.get('/webhooks/whatsappapi', { config, schema: { tags, response: hubChallengeAnswer } }, async (req, reply) => {
      const query = req.query as Record<string, unknown>;
      const token = query['hub.verify_token'];
      const conn = typeof token === 'string' && token ? await deps.findByVerifyToken(token) : null;
      const check = conn ? verifyHubChallenge(query, conn.verifyToken) : null;
      if (!check?.ok) return sendError(reply, 'ERR_NO_PERMISSION'); // wrong verify token: Meta expects 403
      return reply.code(200).type('text/plain').send(check.challenge);
    });

    scope.post(
      '/webhooks/whatsappapi/:whatsappId',
      { config, schema: { tags, params: Params, response: eventReceivedAnswer } },
      async (req, reply) => {
        const conn = await deps.findConnection(req.params.whatsappId);
        if (conn?.channel !== 'whatsappapi') return sendError(reply, 'ERR_NO_WAPP_FOUND');
        const raw = rawBody(req);
        if (!verifySignature(raw, req.headers['x-hub-signature-256'], conn.appSecret)) return refuse(req, reply, conn.id);
        const payload = parseJson(raw);
        if (payload === undefined) return sendError(reply, 'ERR_VALIDATION');

        // Other numbers of the same Meta app may share this URL: they must be the same company's, with this same secret.
        let siblings: WebhookConnection[] | undefined;
        const byNumber = new Map<string, number>();
        if (conn.phoneNumberId) byNumber.set(conn.phoneNumberId, conn.id);
        for (const { phoneNumberId } of listChanges(payload)) {
          if (byNumber.has(phoneNumberId)) continue;
          siblings ??= await deps.findCompanyConnections(conn.companyId);
          const sibling = siblings.find((s) => s.phoneNumberId === phoneNumberId && s.appSecret === conn.appSecret);
          if (sibling) byNumber.set(phoneNumberId, sibling.id);
        }
        return deliver(req, reply, payload, byNumber);
      },
    );

    scope.post('/webhooks/whatsappapi', { config, schema: { tags, response: eventReceivedAnswer } }, async (req, reply) => {
      const raw = rawBody(req);
      const payload = parseJson(raw);
      if (payload === undefined) return sendError(reply, 'ERR_VALIDATION');
      // Only connections whose app secret signed these bytes are candidates: a number claimed by another company
      // with another secret never receives this notification.
      const byNumber = new Map<string, number>();
      for (const { phoneNumberId } of listChanges(payload)) {
        if (byNumber.has(phoneNumberId)) continue;
        const conns = await deps.findByPhoneNumberId(phoneNumberId);
        const signed = conns.find((c) => verifySignature(raw, req.headers['x-hub-signature-256'], c.appSecret));
        if (signed) byNumber.set(phoneNumberId, signed.id);
      }
      // Nothing this URL serves was signed by its secret (or nothing at all was sent): stored nothing.
      if (byNumber.size === 0) return refuse(req, reply);
      return deliver(req, reply, payload, byNumber);
    });

    async function deliver(req: FastifyRequest, reply: FastifyReply, payload: unknown, byNumber: Map<string, number>) {
      const { events, unknownPhoneNumberIds } = mapWebhook(payload, (id) => byNumber.get(id));
      if (unknownPhoneNumberIds.length) req.log.warn({ unknownPhoneNumberIds }, 'webhook for numbers this URL does not serve');
      if (events.length) await deps.ingest.ingest(events);
      return reply.code(200).type('text/plain').send('EVENT_RECEIVED');
    }
  });
}

function refuse(req: FastifyRequest, reply: FastifyReply, connectionId?: number) {
  req.log.warn({ connectionId, ip: req.ip }, 'webhook with a missing or invalid signature refused');
  return sendError(reply, 'ERR_INVALID_WEBHOOK_SIGNATURE');
}

function rawBody(req: FastifyRequest): Buffer {
  return Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
}

function parseJson(raw: Buffer): unknown {
  if (raw.byteLength === 0) return undefined;
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    return undefined;
  }
}
