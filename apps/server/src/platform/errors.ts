import type { ErrorBody, ErrorCode } from '@atendo/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isBadInputDbError } from './db-errors';

/** A refusal the client can act on: `{ error: code }` with an HTTP status. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly status = 400,
    readonly details?: Record<string, unknown>,
    readonly fields?: { path: string; message: string }[],
  ) {
    super(code);
    this.name = 'AppError';
  }
}

export const notFound = (code: ErrorCode = 'ERR_NOT_FOUND') => new AppError(code, 404);

/** A rule on a field that the schema alone cannot express (answered like a schema failure). */
export const fieldError = (path: string, message: string) => new AppError('ERR_VALIDATION', 400, undefined, [{ path, message }]);

/** Maps every failure to the seeds' error body; bad input is never a 500. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setNotFoundHandler((_req, reply) => {
    reply.code(404).send({ error: 'ERR_NOT_FOUND' } satisfies ErrorBody);
  });

  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) {
      const body: ErrorBody = { error: err.code };
      if (err.details) body.details = err.details;
      if (err.fields) body.fields = err.fields;
      return reply.code(err.status).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields = err.validation.map((v) => ({
        path: v.instancePath.replace(/^\//, '').replace(/\//g, '.'),
        message: v.message ?? 'validation.invalid',
      }));
      return reply.code(400).send({ error: 'ERR_VALIDATION', fields } satisfies ErrorBody);
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err, issues: err.cause?.issues }, 'response does not match its schema');
      return reply.code(500).send({ error: 'ERR_INTERNAL' } satisfies ErrorBody);
    }
    if (isBadInputDbError(err)) {
      req.log.warn({ err }, 'the database refused the input');
      return reply.code(400).send({ error: 'ERR_VALIDATION' } satisfies ErrorBody);
    }
    const status = err.statusCode ?? 500;
    if (status === 413 || err.code === 'FST_REQ_FILE_TOO_LARGE' || err.code === 'FST_FILES_LIMIT') {
      return reply.code(413).send({ error: 'ERR_PAYLOAD_TOO_LARGE' } satisfies ErrorBody);
    }
    if (status === 415) return reply.code(415).send({ error: 'ERR_UNSUPPORTED_MEDIA_TYPE' } satisfies ErrorBody);
    if (status === 429) return reply.code(429).send({ error: 'ERR_TOO_MANY_REQUESTS' } satisfies ErrorBody);
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ error: status === 404 ? 'ERR_NOT_FOUND' : 'ERR_VALIDATION' } satisfies ErrorBody);
    }
    req.log.error({ err }, 'unhandled error');
    return reply.code(500).send({ error: 'ERR_INTERNAL' } satisfies ErrorBody);
  });
}
