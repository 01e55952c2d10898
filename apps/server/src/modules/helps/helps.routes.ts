import { HelpBody, HelpDto, HelpIdParams, NoContent } from '@atendo/shared';
import { z } from 'zod';
import type { CoreDeps } from '../../platform/deps';
import type { App } from '../../platform/http';
import type { HelpsService } from './helps.service';

export function helpsRoutes(app: App, _deps: CoreDeps, helps: HelpsService) {
  const tags = ['helps'];
  const superOnly = { superOnly: true } as const;
  // Every signed-in user reads the videos (the /helps page, the pages' tutorials); only the super admin changes them.
  app.get('/helps', { schema: { tags, response: { 200: z.array(HelpDto) } } }, async () => helps.list());
  app.get('/helps/list', { schema: { tags, response: { 200: z.array(HelpDto) } } }, async () => helps.list());
  app.get('/helps/:helpId', { schema: { tags, params: HelpIdParams, response: { 200: HelpDto } } }, async (req) =>
    helps.show(req.params.helpId),
  );
  app.post('/helps', { config: superOnly, schema: { tags, body: HelpBody, response: { 201: HelpDto } } }, async (req, reply) =>
    reply.code(201).send(await helps.create(req.body)),
  );
  app.put(
    '/helps/:helpId',
    { config: superOnly, schema: { tags, params: HelpIdParams, body: HelpBody, response: { 200: HelpDto } } },
    async (req) => helps.update(req.params.helpId, req.body),
  );
  app.delete(
    '/helps/:helpId',
    { config: superOnly, schema: { tags, params: HelpIdParams, response: { 204: NoContent } } },
    async (req, reply) => {
      await helps.remove(req.params.helpId);
      return reply.code(204).send();
    },
  );
}
