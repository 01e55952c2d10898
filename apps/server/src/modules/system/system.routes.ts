import { VersionDto } from '@atendo/shared';
import type { CoreDeps } from '../../platform/deps';
import type { App } from '../../platform/http';

export function systemRoutes(app: App, deps: CoreDeps) {
  app.get('/version', { config: { public: true }, schema: { tags: ['system'], response: { 200: VersionDto } } }, async () => ({
    version: deps.version,
  }));
}
