import {
  ExternalProxyQuery,
  IdParams,
  PromptBody,
  PromptDto,
  PromptListDto,
  PromptListQuery,
  PromptUpdateBody,
  PromptUsageDto,
} from '@atendo/shared';
import { z } from 'zod';
import type { CoreDeps } from '../../platform/deps';
import type { App } from '../../platform/http';
import type { PromptsService } from './prompts.service';

/** AI prompts (seed 001 §7 "Prompts"): admins, plan flag useOpenAi. */
export function promptsRoutes(app: App, _deps: CoreDeps, prompts: PromptsService) {
  const tags = ['prompts'];
  const config = { plan: 'useOpenAi' as const, permission: 'prompts:manage' as const };
  app.get('/prompt', { config, schema: { tags, querystring: PromptListQuery, response: { 200: PromptListDto } } }, async (req) =>
    prompts.list(req.ctx, req.query),
  );
  app.get(
    '/prompt/usage',
    {
      config,
      schema: {
        tags,
        response: { 200: PromptUsageDto },
        description: "This month's AI token use of the company (its timezone), per prompt, and the total.",
      },
    },
    async (req) => prompts.usage(req.ctx),
  );
  app.get('/prompt/:id', { config, schema: { tags, params: IdParams, response: { 200: PromptDto } } }, async (req) =>
    prompts.show(req.ctx, req.params.id),
  );
  app.post('/prompt', { config, schema: { tags, body: PromptBody, response: { 201: PromptDto } } }, async (req, reply) =>
    reply.code(201).send(await prompts.create(req.ctx, req.body)),
  );
  app.put(
    '/prompt/:id',
    { config, schema: { tags, params: IdParams, body: PromptUpdateBody, response: { 200: PromptDto } } },
    async (req) => prompts.update(req.ctx, req.params.id, req.body),
  );
  app.delete(
    '/prompt/:id',
    { config, schema: { tags, params: IdParams, response: { 200: z.object({ message: z.string() }) } } },
    async (req) => prompts.remove(req.ctx, req.params.id),
  );
  app.get(
    '/api/external-proxy',
    {
      config,
      schema: {
        tags,
        querystring: ExternalProxyQuery,
        // Whatever JSON the address answered, as it answered it.
        response: { 200: z.unknown() },
        description: 'Fetches a JSON URL for the prompt form (public addresses only; timeout, size cap, company rate limit).',
      },
    },
    async (req) => prompts.externalProxy(req.ctx, req.query),
  );
}
