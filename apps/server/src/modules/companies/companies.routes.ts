import { CompanyPlanDto, idParam } from '@atendo/shared';
import { z } from 'zod';
import type { CoreDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import type { App } from '../../platform/http';
import { findCompanyPlan } from './companies.repository';

export function companiesRoutes(app: App, deps: CoreDeps) {
  app.get(
    '/companies/listPlan/:companyId',
    {
      config: { allowExpired: true },
      schema: { tags: ['companies'], params: z.object({ companyId: idParam }), response: { 200: CompanyPlanDto } },
    },
    async (req) => {
      const found = await findCompanyPlan(deps.database.db, req.ctx, req.params.companyId);
      if (!found) throw new AppError('ERR_NO_COMPANY_FOUND', 404);
      return found;
    },
  );
}
