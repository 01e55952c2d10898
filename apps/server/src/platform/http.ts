import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/** The Fastify instance with zod schemas as the type provider: route handlers see parsed, typed input. */
export type App = FastifyInstance<RawServerDefault, IncomingMessage, ServerResponse, FastifyBaseLogger, ZodTypeProvider>;

declare module 'fastify' {
  interface FastifySchema {
    /**
     * A JSON body the route reads itself (it also takes multipart, so Fastify must not validate it): described in
     * the OpenAPI document only, for both content types of `consumes`.
     */
    documentedBody?: import('zod').ZodType;
  }
}
