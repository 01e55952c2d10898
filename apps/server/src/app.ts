import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import cors, { type FastifyCorsOptionsDelegateCallback } from '@fastify/cors';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger, type RouteOptions } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { contextLoader, type Modules, registerModules } from './composition';
import { registerAuthGuard } from './platform/auth';
import type { CoreDeps } from './platform/deps';
import { registerErrorHandling } from './platform/errors';
import type { App } from './platform/http';
import { registerInputGuard } from './platform/input-guard';
import { databasePoolSource, Metrics, metricsRoutes } from './platform/metrics';
import { openapiBase } from './platform/openapi';
import { isAllowedOrigin, originPolicy } from './platform/origins';

export interface BuildOptions {
  /** A pino logger (JSON logs with the request id); none in tests. */
  logger?: FastifyBaseLogger;
  /** Extra registrations (channels' webhooks, media) wired by main.ts or the test harness. */
  extend?: (app: App) => void | Promise<void>;
  /** Sees every route as it is registered (the test sweeps list them). */
  onRoute?: (route: RouteOptions) => void;
  /** Gets the services tests drive directly (test/harness.ts). */
  onModules?: (modules: Modules) => void;
}

/** The HTTP application; main.ts listens on it, tests drive it with app.inject. */
/** The OpenAPI description (/docs): what a client needs beyond the routes (docs/decisions.md 74). */
const API_DESCRIPTION = [
  "Paths keep the seeds' (Whaticket) routes at the root of the API origin. Authenticate with `Authorization: Bearer <token>` (the access token of `POST /auth/login` / `POST /auth/refresh_token`; the refresh token travels in the httpOnly cookie `jrt` on `/auth`).",
  '',
  '**Sessions.** An expired access token answers `403 {"error":"ERR_TOKEN_EXPIRED"}`: call `POST /auth/refresh_token` once and repeat the call. `401 {"error":"ERR_SESSION_EXPIRED"}` means the session is over: sign in again.',
  '',
  '**Realtime (socket.io 4) requires the access token.** Connect to the company namespace `/{companyId}` with the token in the handshake `auth` field: `io(API_URL + "/" + companyId, { auth: { token }, query: { userId } })` (`userId` is optional and must be the token\'s user). A socket without a valid token is refused: `connect_error` with `data.error` `ERR_TOKEN_EXPIRED` (refresh, then connect again) or `ERR_SESSION_EXPIRED`. Pass `auth` as a function (`auth: (cb) => cb({ token: currentToken })`) so reconnections carry the refreshed token.',
  '',
  '**Differences from the original Whaticket** (docs/decisions.md): password recovery checks the code by `POST /verificar-code/{number}` (no GET); validation errors answer `400 {"error":"ERR_VALIDATION","fields":[{"path","message"}]}` with i18n keys as messages, not Portuguese sentences.',
].join('\n');

export async function buildApp(deps: CoreDeps, opts: BuildOptions = {}): Promise<App> {
  const app = Fastify({
    ...(opts.logger ? { loggerInstance: opts.logger } : { logger: false }),
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    trustProxy: deps.config.trustProxy,
    bodyLimit: 1024 * 1024,
    // The seeds call `GET /users/`, `/tags/`, `/whatsapp/` …: a path answers the same with or without the final slash.
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  if (opts.onRoute) app.addHook('onRoute', opts.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerInputGuard(app);

  const origins = originPolicy(deps.config);
  const corsFor: FastifyCorsOptionsDelegateCallback = (req, done) =>
    done(null, {
      origin: isAllowedOrigin(origins, req.headers.origin, req.headers.host),
      credentials: true,
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    });
  await app.register(cors, () => corsFor);
  await app.register(cookie);
  await app.register(swagger, {
    openapi: openapiBase(deps.version, API_DESCRIPTION),
    // A route that reads its JSON body itself (it also takes multipart) documents it without Fastify validating it.
    transform: ({ schema, ...rest }) => {
      const { documentedBody, ...own } = schema ?? {};
      return jsonSchemaTransform({ ...rest, schema: documentedBody ? { ...own, body: documentedBody } : own });
    },
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });

  registerAuthGuard(app, deps.tokens, contextLoader(deps.database.db));
  const instance = deps.config.instanceName;
  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
    if (instance) reply.header('x-atendo-instance', instance);
  });
  deps.metrics ??= new Metrics();
  deps.metrics.setSource('atendo_db_pool_connections', databasePoolSource(deps.database));
  deps.metrics.setSource('atendo_jobs', async () =>
    (await deps.jobs.queueCounts()).map((r) => ({ labels: { queue: r.queue, state: r.state }, value: r.count })),
  );
  metricsRoutes(app, deps.metrics, deps.config.metricsToken);
  const metrics = deps.metrics;
  deps.events.reportFailuresTo((err, event) => {
    metrics.reactionErrors.inc({ event });
    app.log.error({ err, event }, 'a reaction to a domain event failed');
  });
  // A closing process finishes the reactions it has started (each also has a durable marker or a sweep).
  const events = deps.events;
  app.addHook('onClose', async () => events.settled());

  const modules = registerModules(app, deps);
  opts.onModules?.(modules);
  if (opts.extend) await opts.extend(app);
  return app;
}
