import { type ErrorBody, type ErrorCode, type ErrorStatus, errorStatus } from '@atendo/shared';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isBadInputDbError } from './db-errors';

/**
 * A refusal the client can act on: `{ error: code }` with the code's one HTTP status from the catalogue
 * (packages/shared errors.ts). A throw site may write the status for its reader; it only compiles when
 * it is the catalogue's, and the catalogue's is what answers.
 */
export class AppError<C extends ErrorCode = ErrorCode> extends Error {
  readonly status: ErrorStatus<C>;
  constructor(
    readonly code: C,
    _status?: ErrorStatus<NoInfer<C>>,
    readonly details?: Record<string, unknown>,
    readonly fields?: { path: string; message: string }[],
  ) {
    super(code);
    this.name = 'AppError';
    this.status = errorStatus(code);
  }
}

/** The codes whose status is 404. */
type NotFoundCode = { [K in ErrorCode]: ErrorStatus<K> extends 404 ? K : never }[ErrorCode];
export const notFound = (code: NotFoundCode = 'ERR_NOT_FOUND') => new AppError(code, 404);

/** A rule on a field that the schema alone cannot express (answered like a schema failure). */
export const fieldError = (path: string, message: string) => new AppError('ERR_VALIDATION', 400, undefined, [{ path, message }]);

/** Answers `{ error: code }` with the code's status, for the few routes that reply instead of throwing. */
export function sendError(reply: FastifyReply, code: ErrorCode, extra: Omit<ErrorBody, 'error'> = {}) {
  return reply.code(errorStatus(code)).send({ error: code, ...extra } satisfies ErrorBody);
}

/** Maps every failure to the seeds' error body; bad input is never a 500. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setNotFoundHandler((_req, reply) => {
    sendError(reply, 'ERR_NOT_FOUND');
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
      return sendError(reply, 'ERR_VALIDATION', { fields });
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err, issues: err.cause?.issues }, 'response does not match its schema');
      return sendError(reply, 'ERR_INTERNAL');
    }
    if (isBadInputDbError(err)) {
      req.log.warn({ err }, 'the database refused the input');
      return sendError(reply, 'ERR_VALIDATION');
    }
    const status = err.statusCode ?? 500;
    if (status === 413 || err.code === 'FST_REQ_FILE_TOO_LARGE' || err.code === 'FST_FILES_LIMIT') {
      return sendError(reply, 'ERR_PAYLOAD_TOO_LARGE');
    }
    if (status === 415) return sendError(reply, 'ERR_UNSUPPORTED_MEDIA_TYPE');
    if (status === 429) return sendError(reply, 'ERR_TOO_MANY_REQUESTS');
    // other client errors of the framework (bad JSON, unknown content…): not found or bad input
    if (status >= 400 && status < 500) return sendError(reply, status === 404 ? 'ERR_NOT_FOUND' : 'ERR_VALIDATION');
    req.log.error({ err }, 'unhandled error');
    return sendError(reply, 'ERR_INTERNAL');
  });
}
