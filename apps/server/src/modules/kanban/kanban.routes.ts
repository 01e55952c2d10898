import { KanbanTicketsDto, KanbanTicketsQuery } from '@atendo/shared';
import type { CoreDeps } from '../../platform/deps';
import type { App } from '../../platform/http';
import type { KanbanService } from './kanban.service';

export function kanbanRoutes(app: App, _deps: CoreDeps, kanban: KanbanService) {
  app.get(
    '/ticket/kanban',
    {
      config: { plan: 'useKanban' },
      schema: { tags: ['kanban'], querystring: KanbanTicketsQuery, response: { 200: KanbanTicketsDto } },
    },
    async (req) => kanban.tickets(req.ctx, req.query),
  );
}
