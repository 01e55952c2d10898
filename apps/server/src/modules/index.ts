import type { CoreDeps } from '../platform/deps';
import type { App } from '../platform/http';
import { authRoutes } from './auth/auth.routes';
import { companiesRoutes } from './companies/companies.routes';
import { plansRoutes } from './plans/plans.routes';
import { queuesRoutes } from './queues/queues.routes';
import { settingsRoutes } from './settings/settings.routes';
import { systemRoutes } from './system/system.routes';

/** Every domain's routes, registered in one place. */
export function registerModules(app: App, deps: CoreDeps) {
  systemRoutes(app, deps);
  authRoutes(app, deps);
  settingsRoutes(app, deps);
  plansRoutes(app, deps);
  companiesRoutes(app, deps);
  queuesRoutes(app, deps);
}
