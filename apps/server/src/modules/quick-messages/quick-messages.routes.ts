import { QuickMessageDto, QuickMessageListQuery } from '@atendo/shared';
import { z } from 'zod';
import type { CoreDeps } from '../../platform/deps';
import type { App } from '../../platform/http';
import * as repo from './quick-messages.repository';

/** GET /quick-messages for the conversation's '/' picker; the quick messages page (CRUD) extends this module. */
export function quickMessagesRoutes(app: App, deps: CoreDeps) {
  const toDto = (r: repo.QuickMessageRow): QuickMessageDto => ({
    id: r.id,
    shortcode: r.shortcode,
    message: r.message,
    geral: r.geral,
    visao: r.visao,
    status: r.status,
    userId: r.userId,
    mediaPath: r.mediaPath,
    mediaName: r.mediaName,
    mediaUrl: r.mediaPath ? deps.mediaUrl(r.mediaPath) : null,
    isMedia: r.isMedia,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
  });
  app.get(
    '/quick-messages',
    { schema: { tags: ['quick-messages'], querystring: QuickMessageListQuery, response: { 200: z.array(QuickMessageDto) } } },
    async (req) =>
      (await repo.listForPicker(deps.database.db, req.ctx, { search: req.query.searchParam, isMedia: req.query.isMedia })).map(
        toDto,
      ),
  );
}
