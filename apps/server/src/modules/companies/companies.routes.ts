import {
  CompanyDto,
  CompanyIdParams,
  CompanyPageDto,
  CompanyPageQuery,
  CompanyPlanDto,
  CreateCompanyBody,
  DeleteCompanyQuery,
  idParam,
  NoContent,
  UpdateCompanyBody,
} from '@atendo/shared';
import { z } from 'zod';
import type { CoreDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import type { App } from '../../platform/http';
import { findCompanyPlan } from './companies.repository';
import type { CompaniesService } from './companies.service';

export function companiesRoutes(app: App, deps: CoreDeps, companies: CompaniesService) {
  const tags = ['companies'];
  const superOnly = { superOnly: true } as const;

  // The caller's own company (or any, for the super admin): reachable while expired (the finance page reads it).
  app.get(
    '/companies/listPlan/:companyId',
    {
      config: { allowExpired: true },
      schema: { tags, params: z.object({ companyId: idParam }), response: { 200: CompanyPlanDto } },
    },
    async (req) => {
      const found = await findCompanyPlan(deps.database.db, req.ctx, req.params.companyId);
      if (!found) throw new AppError('ERR_NO_COMPANY_FOUND', 404);
      return found;
    },
  );
  app.get('/companies', { config: superOnly, schema: { tags, response: { 200: z.array(CompanyDto) } } }, async () =>
    companies.list(),
  );
  app.get('/companies/list', { config: superOnly, schema: { tags, response: { 200: z.array(CompanyDto) } } }, async () =>
    companies.list(),
  );
  app.get(
    '/companiesPlan',
    { config: superOnly, schema: { tags, querystring: CompanyPageQuery, response: { 200: CompanyPageDto } } },
    async (req) => companies.page(req.query),
  );
  app.get(
    '/companies/:companyId',
    { config: superOnly, schema: { tags, params: CompanyIdParams, response: { 200: CompanyDto } } },
    async (req) => companies.show(req.params.companyId),
  );
  app.post(
    '/companies',
    { config: superOnly, schema: { tags, body: CreateCompanyBody, response: { 201: CompanyDto } } },
    async (req, reply) => reply.code(201).send(await companies.create(req.ctx, req.body)),
  );
  app.put(
    '/companies/:companyId',
    { config: superOnly, schema: { tags, params: CompanyIdParams, body: UpdateCompanyBody, response: { 200: CompanyDto } } },
    async (req) => companies.update(req.ctx, req.params.companyId, req.body),
  );
  app.delete(
    '/companies/:companyId',
    {
      config: superOnly,
      schema: { tags, params: CompanyIdParams, querystring: DeleteCompanyQuery, response: { 204: NoContent } },
    },
    async (req, reply) => {
      await companies.remove(req.ctx, req.params.companyId, req.query.confirm);
      return reply.code(204).send();
    },
  );
}
