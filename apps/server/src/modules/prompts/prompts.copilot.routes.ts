import { CopilotBody, CopilotImproveBody, CopilotSummaryDto, CopilotTextDto, TicketIdParams } from '@atendo/shared';
import type { CoreDeps } from '../../platform/deps';
import type { App } from '../../platform/http';
import { ticketOfPath } from '../tickets/tickets.public';
import type { CopilotService } from './prompts.copilot';

/** The attendants' AI co-pilot (docs/ai.md): whoever may write in the ticket, plan flag useOpenAi. */
export function copilotRoutes(app: App, deps: CoreDeps, copilot: CopilotService) {
  const tags = ['prompts'];
  const config = { plan: 'useOpenAi' as const };
  const ticketOf = ticketOfPath(deps.database.db);
  app.post(
    '/tickets/:ticketId/ai/suggest',
    {
      config,
      schema: {
        tags,
        params: TicketIdParams,
        body: CopilotBody,
        response: { 200: CopilotTextDto },
        description: "A draft of the next reply from the conversation and the queue's prompt instructions; never sent.",
      },
    },
    async (req) => copilot.suggest(req.ctx, await ticketOf(req), req.body),
  );
  app.post(
    '/tickets/:ticketId/ai/summary',
    {
      config,
      schema: {
        tags,
        params: TicketIdParams,
        body: CopilotBody,
        response: { 200: CopilotSummaryDto },
        description: 'The conversation summarised into a private note of the caller (stored, never sent to the channel).',
      },
    },
    async (req) => copilot.summary(req.ctx, await ticketOf(req), req.body),
  );
  app.post(
    '/tickets/:ticketId/ai/improve',
    {
      config,
      schema: {
        tags,
        params: TicketIdParams,
        body: CopilotImproveBody,
        response: { 200: CopilotTextDto },
        description: "The attendant's draft rewritten (spelling, tone); returned, never sent.",
      },
    },
    async (req) => copilot.improve(req.ctx, await ticketOf(req), req.body),
  );
}
