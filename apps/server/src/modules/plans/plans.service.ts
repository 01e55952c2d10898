import { PLATFORM_COMPANY_ID, type PlanBody, type PlanDto } from '@atendo/shared';
import type { TenantContext } from '../../platform/context';
import { isUniqueViolation } from '../../platform/db-errors';
import type { CoreDeps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { rooms } from '../../platform/realtime-port';
import { recordAudit } from '../audit/audit.public';
import * as repo from './plans.repository';

/**
 * The platform's plans (seed 001 "Plans and helps"), run by the super admin; routes are superOnly. A plan's limits
 * are read on every create of a user, queue or connection (users/queues/whatsapps services), so lowering them
 * refuses new resources with ERR_PLAN_LIMIT_REACHED and never touches what a company already has.
 */
export function createPlansService(deps: CoreDeps) {
  const { db } = deps.database;

  async function mustFind(planId: number) {
    const plan = await repo.findPlan(db, planId);
    if (!plan) throw new AppError('ERR_NO_PLAN_FOUND', 404);
    return plan;
  }

  function publish(action: 'create' | 'update' | 'delete', plan: PlanDto | { id: number }) {
    const payload = action === 'delete' ? { action, id: plan.id } : { action, record: plan, id: plan.id };
    deps.realtime.publish(PLATFORM_COMPANY_ID, 'plan', payload, [rooms.admins()]);
  }

  async function checkName(body: PlanBody, exceptId = 0) {
    if (await repo.planNameTaken(db, body.name, exceptId)) throw new AppError('ERR_PLAN_ALREADY_EXISTS', 409);
  }

  const uniqueName = (err: unknown) => {
    if (isUniqueViolation(err, 'plans_name_unique')) throw new AppError('ERR_PLAN_ALREADY_EXISTS', 409);
    throw err;
  };

  return {
    listPublic: () => repo.listPublicPlans(db),
    listAll: () => repo.listAllPlans(db),
    show: (planId: number) => mustFind(planId),

    async create(ctx: TenantContext, body: PlanBody) {
      await checkName(body);
      const plan = await repo.insertPlan(db, body).catch(uniqueName);
      publish('create', plan);
      recordAudit(deps, ctx, { action: 'plan.create', entity: 'plan', entityId: plan.id, after: plan });
      return plan;
    },

    async update(ctx: TenantContext, planId: number, body: PlanBody) {
      const before = await mustFind(planId);
      await checkName(body, planId);
      const plan = await repo.updatePlan(db, planId, body).catch(uniqueName);
      if (!plan) throw new AppError('ERR_NO_PLAN_FOUND', 404);
      publish('update', plan);
      recordAudit(deps, ctx, { action: 'plan.update', entity: 'plan', entityId: planId, before, after: plan });
      // The companies on it read their plan again (flags and limits shown in their menus).
      for (const companyId of await repo.companiesOnPlan(db, planId)) {
        if (companyId !== PLATFORM_COMPANY_ID) deps.realtime.publish(companyId, 'plan', { action: 'update', id: planId });
      }
      return plan;
    },

    /** A plan some company is on is kept: moving those companies first is the super admin's choice. */
    async remove(ctx: TenantContext, planId: number) {
      const before = await mustFind(planId);
      if ((await repo.countCompaniesOnPlan(db, planId)) > 0) throw new AppError('ERR_PLAN_IN_USE', 409);
      await repo.deletePlan(db, planId);
      recordAudit(deps, ctx, { action: 'plan.delete', entity: 'plan', entityId: planId, before });
      publish('delete', { id: planId });
    },
  };
}

export type PlansService = ReturnType<typeof createPlansService>;
