import {
  CurrentPlanDto,
  InvoiceListQuery,
  InvoicePageDto,
  PAYMENT_PROVIDERS,
  SubscriptionBody,
  SubscriptionDto,
} from '@atendo/shared';
import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { CoreDeps } from '../../platform/deps';
import { sendError } from '../../platform/errors';
import type { App } from '../../platform/http';
import type { BillingService } from './billing.service';

/** Provider notifications are small. */
const BODY_LIMIT = 1024 * 1024;

/** Seed 001 §7 "Billing" and GET /financeiro/plano-atual: reachable by an expired company (that is how it pays). */
export function billingRoutes(app: App, _deps: CoreDeps, billing: BillingService) {
  const tags = ['billing'];
  const config = { allowExpired: true } as const;

  app.get(
    '/invoices/all',
    { config, schema: { tags, querystring: InvoiceListQuery, response: { 200: InvoicePageDto } } },
    async (req) => billing.list(req.ctx, req.query),
  );
  app.get('/financeiro/plano-atual', { config, schema: { tags, response: { 200: CurrentPlanDto } } }, async (req) =>
    billing.currentPlan(req.ctx),
  );
  app.post(
    '/subscription',
    { config, schema: { tags, body: SubscriptionBody, response: { 201: SubscriptionDto } } },
    async (req, reply) =>
      reply.code(201).send(await billing.subscribe(req.ctx, req.body as SubscriptionBody & { invoiceId: number })),
  );

  // The providers' notifications: public, verified by each provider's own scheme over the exact bytes received.
  app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (_req, body, done) => done(null, body));
    const Params = z.object({ provider: z.enum(PAYMENT_PROVIDERS) });
    const handle = async (
      req: FastifyRequest,
      reply: import('fastify').FastifyReply,
      provider: (typeof PAYMENT_PROVIDERS)[number],
    ) => {
      const ok = await billing.handleNotification(provider, {
        rawBody: Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0),
        headers: req.headers,
        query: req.query as Record<string, unknown>,
      });
      if (!ok) return sendError(reply, 'ERR_INVALID_WEBHOOK_SIGNATURE');
      return reply.code(200).send({ received: true });
    };
    const response = { 200: z.object({ received: z.literal(true) }) };
    scope.post(
      '/subscription/webhook/:provider',
      { config: { public: true }, schema: { tags, params: Params, response } },
      (req, reply) => handle(req, reply, req.params.provider),
    );
    // Efí appends /pix to the registered webhook URL.
    scope.post('/subscription/webhook/efi/pix', { config: { public: true }, schema: { tags, response } }, (req, reply) =>
      handle(req, reply, 'efi'),
    );
  });
}
