import { registerMessaging } from '../channels/wiring';
import type { CoreDeps } from '../platform/deps';
import type { App } from '../platform/http';
import { mediaRoutes } from '../platform/media';
import { loadTenantContext } from './auth/auth.repository';
import { authRoutes } from './auth/auth.routes';
import { companiesRoutes } from './companies/companies.routes';
import { plansRoutes } from './plans/plans.routes';
import { queuesRoutes } from './queues/queues.routes';
import { settingsRoutes } from './settings/settings.routes';
import { systemRoutes } from './system/system.routes';
import { tagsRoutes } from './tags/tags.routes';
import { createTagsService } from './tags/tags.service';
import { ticketsRoutes } from './tickets/tickets.routes';
import { createTicketsService } from './tickets/tickets.service';
import { registerUsersJobs } from './users/users.jobs';
import { usersRoutes } from './users/users.routes';
import { createUsersService } from './users/users.service';

/** Every domain's routes, registered in one place. */
export function registerModules(app: App, deps: CoreDeps) {
  systemRoutes(app, deps);
  authRoutes(app, deps);
  settingsRoutes(app, deps);
  plansRoutes(app, deps);
  companiesRoutes(app, deps);
  mediaRoutes(app, { media: deps.media, tokens: deps.tokens, loadContext: (id) => loadTenantContext(deps.database.db, id) });
  const users = createUsersService(deps);
  usersRoutes(app, deps, users);
  registerUsersJobs(deps.jobs, users);
  queuesRoutes(app, deps);
  const messaging = registerMessaging(app, deps);
  const tickets = createTicketsService(deps, messaging.outbound);
  ticketsRoutes(app, tickets);
  tagsRoutes(app, createTagsService(deps, tickets));
}
