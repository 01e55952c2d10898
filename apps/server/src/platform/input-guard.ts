import { V } from '@atendo/shared';
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors';

/** PostgreSQL text cannot hold U+0000: a NUL anywhere in the input is refused before any route sees it. */
const NUL = '\u0000';

/** The path of the first string (or key) holding a NUL, or undefined. Buffers (raw webhook bodies) are not text. */
function findNul(value: unknown, path: string, depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes(NUL) ? path : undefined;
  if (value === null || typeof value !== 'object' || depth > 32 || Buffer.isBuffer(value)) return undefined;
  for (const [key, inner] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (key.includes(NUL)) return at;
    const found = findNul(inner, at, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * `?searchParam=&pageNumber=1` as the seeds' clients send it: an empty optional parameter is no
 * parameter (no search, no filter), for every route at once; a required one is then reported missing.
 */
function dropEmptyQueryValues(query: unknown) {
  if (!query || typeof query !== 'object') return;
  const q = query as Record<string, unknown>;
  for (const key of Object.keys(q)) if (q[key] === '') delete q[key];
}

/**
 * One check for every route (issue 16 item 14): params, query and JSON body with a NUL answer
 * 400 ERR_VALIDATION naming the field. Multipart fields are read by the handlers; a NUL there
 * reaches the database, whose refusal platform/errors.ts maps to 400 too.
 */
export function registerInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (req) => {
    dropEmptyQueryValues(req.query);
    for (const [where, value] of [
      ['params', req.params],
      ['query', req.query],
      ['body', req.body],
    ] as const) {
      const path = findNul(value, '');
      if (path !== undefined) {
        throw new AppError('ERR_VALIDATION', 400, undefined, [{ path: path || where, message: V.invalidCharacter }]);
      }
    }
  });
}
