/** Serving stored media (media.ts keeps them): signed links, the company's own users, byte ranges, MP3 variants. */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { z } from 'zod';
import { authenticate, bearerToken, type ContextLoader, type TokenService } from './auth';
import { AppError, sendError } from './errors';
import type { App } from './http';
import { EXT_MIME, type MediaStorage, parseStoredPath } from './media';
import { fileAnswer } from './openapi';

/** Types a browser may show inline; everything else is sent as an attachment. */
const INLINE = /^(image\/(jpeg|png|gif|webp|x-icon)|audio\/|video\/|application\/pdf$)/;

export interface MediaRouteDeps {
  media: MediaStorage;
  tokens: TokenService;
  loadContext: ContextLoader;
}

const MediaParams = z.object({
  companyId: z.string().regex(/^\d{1,10}$/),
  kind: z.string().regex(/^[a-z]{1,20}$/),
  file: z.string().regex(/^[A-Za-z0-9_-]{16,64}\.[a-z0-9]{1,8}$/),
});
const MediaQuery = z.object({
  exp: z.coerce.number().int().positive().optional(),
  sig: z.string().max(100).optional(),
});

function parseRange(header: string | undefined, size: number): { start: number; end: number } | 'invalid' | null {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return 'invalid';
  let start: number;
  let end: number;
  if (m[1] === '') {
    start = Math.max(0, size - Number(m[2]));
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start > end || start >= size) return 'invalid';
  return { start, end };
}

/**
 * `GET /media/<companyId>/<kind>/<file>`: served to a valid signed URL, or to an
 * authenticated user of that company; another company's token or a bad signature answers 404. `<name>.mp3` of a
 * stored `<name>.ogg` answers its MP3 variant, made on first request (`MediaStorage.mp3Variant`).
 */
export function mediaRoutes(app: App, deps: MediaRouteDeps) {
  app.get(
    '/media/:companyId/:kind/:file',
    {
      config: { public: true },
      schema: { tags: ['media'], params: MediaParams, querystring: MediaQuery, response: fileAnswer },
    },
    async (req, reply) => {
      const stored = `${req.params.companyId}/${req.params.kind}/${req.params.file}`;
      const parsed = parseStoredPath(stored);
      const abs = deps.media.resolve(stored);
      if (!parsed || !abs) throw new AppError('ERR_NO_MEDIA_FOUND', 404);
      // `<name>.mp3` of a stored `<name>.ogg` is its MP3 variant (iOS playback): the ogg's link and rules open it.
      const source = parsed.ext === 'mp3' ? `${stored.slice(0, -'.mp3'.length)}.ogg` : null;
      const { exp, sig } = req.query;
      const signed = (p: string) => exp !== undefined && sig !== undefined && deps.media.verify(p, exp, sig);
      let allowed = signed(stored) || (source !== null && signed(source));
      let ownCompany = false;
      const token = bearerToken(req);
      if (token) {
        const ctx = await authenticate(deps.tokens, deps.loadContext, token).catch(() => null);
        if (ctx && ctx.companyId !== parsed.companyId) allowed = false;
        else if (ctx) allowed = ownCompany = true;
      }
      if (!allowed) throw new AppError('ERR_NO_MEDIA_FOUND', 404);
      let file = abs;
      const sourceAbs = source ? deps.media.resolve(source) : null;
      if (sourceAbs && (await stat(sourceAbs).catch(() => null))?.isFile()) {
        file = await deps.media.mp3Variant(source as string);
      } else if (!ownCompany && !signed(stored)) {
        // the ogg's link opens only the ogg's variant
        throw new AppError('ERR_NO_MEDIA_FOUND', 404);
      }
      const info = await stat(file).catch(() => null);
      if (!info?.isFile()) throw new AppError('ERR_NO_MEDIA_FOUND', 404);

      const range = parseRange(req.headers.range, info.size);
      if (range === 'invalid') {
        reply.header('content-range', `bytes */${info.size}`);
        return sendError(reply, 'ERR_RANGE_NOT_SATISFIABLE');
      }
      const mime = EXT_MIME[parsed.ext] ?? 'application/octet-stream';
      reply.header('content-type', mime);
      reply.header('x-content-type-options', 'nosniff');
      reply.header('content-security-policy', "default-src 'none'; sandbox");
      reply.header('cross-origin-resource-policy', 'cross-origin');
      reply.header('cache-control', 'private, max-age=3600');
      reply.header('accept-ranges', 'bytes');
      reply.header('last-modified', info.mtime.toUTCString());
      if (!INLINE.test(mime)) reply.header('content-disposition', `attachment; filename="${req.params.file}"`);

      if (range) {
        reply.code(206);
        reply.header('content-range', `bytes ${range.start}-${range.end}/${info.size}`);
        reply.header('content-length', range.end - range.start + 1);
        return reply.send(createReadStream(file, { start: range.start, end: range.end }));
      }
      reply.header('content-length', info.size);
      return reply.send(createReadStream(file));
    },
  );
}
