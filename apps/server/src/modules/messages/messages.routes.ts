import { idParam, MessageDto, V } from '@atendo/shared';
import { z } from 'zod';
import type { CoreDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import type { App } from '../../platform/http';
import { mediaLimitBytes, type StoredMedia } from '../../platform/media';
import type { OutboundService } from './outbound.service';

const TicketParams = z.object({ ticketId: idParam });

/** JSON form of POST /messages/:ticketId (seed 000 §7); the attendance API (issue 5) adds vCard, signature, forward… */
export const SendMessageBody = z.object({
  body: z.string().max(65_536, V.tooLong).optional().default(''),
  quotedMsg: z.object({ id: z.coerce.number().int().positive() }).nullable().optional(),
  isPrivate: z.union([z.boolean(), z.enum(['true', 'false'])]).optional(),
  read: z.unknown().optional(),
  fromMe: z.unknown().optional(),
  mediaUrl: z.unknown().optional(),
});

export function messagesRoutes(app: App, deps: CoreDeps, outbound: OutboundService) {
  const tags = ['messages'];
  app.post('/messages/:ticketId', { schema: { tags, params: TicketParams, response: { 200: MessageDto } } }, async (req) => {
    // Multipart: one file (`medias`) with an optional caption (`body`) and `isPrivate`.
    if (req.isMultipart()) {
      const maxBytes = await mediaLimitBytes(deps.database.db);
      const fields: Record<string, string> = {};
      let file: (StoredMedia & { filename: string }) | undefined;
      try {
        for await (const part of req.parts({ limits: { fileSize: maxBytes + 1, files: 1 } })) {
          if (part.type === 'file') {
            if (part.fieldname !== 'medias' || file) {
              part.file.resume();
              continue;
            }
            const saved = await deps.media.save(req.ctx.companyId, 'media', part.file, part, { maxBytes });
            file = { ...saved, filename: part.filename || 'file' };
          } else if (typeof part.value === 'string') {
            fields[part.fieldname] = part.value;
          }
        }
      } catch (err) {
        if (file) await deps.media.remove(file.path);
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
          throw new AppError('ERR_FILE_TOO_LARGE', 413, { maxBytes });
        throw err;
      }
      if (!file) throw new AppError('ERR_VALIDATION', 400, { field: 'medias' });
      return outbound.send(req.ctx, req.params.ticketId, {
        body: fields.body ?? '',
        isPrivate: fields.isPrivate === 'true',
        file,
      });
    }
    const parsed = SendMessageBody.safeParse(req.body ?? {});
    if (!parsed.success) throw new AppError('ERR_VALIDATION', 400);
    const body = parsed.data;
    return outbound.send(req.ctx, req.params.ticketId, {
      body: body.body,
      quotedMsgId: body.quotedMsg?.id ?? null,
      isPrivate: body.isPrivate === true || body.isPrivate === 'true',
    });
  });
}
