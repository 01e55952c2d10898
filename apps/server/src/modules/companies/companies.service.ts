import {
  addDays,
  type CalendarDay,
  COMPANIES_PAGE_SIZE,
  type CompanyDto,
  type CreateCompanyBody,
  calendarDay,
  dayIn,
  PLATFORM_COMPANY_ID,
  storedDay,
  type UpdateCompanyBody,
} from '@atendo/shared';
import type { TenantContext } from '../../platform/context';
import { isUniqueViolation } from '../../platform/db-errors';
import type { CoreDeps } from '../../platform/deps';
import { AppError, fieldError } from '../../platform/errors';
import { rooms } from '../../platform/realtime-port';
import { recordAudit } from '../audit/audit.public';
import { hashPassword } from '../auth/auth.public';
import * as repo from './companies.repository';

/** The platform's companies (seed 001 "Companies screen"), run by the super admin; routes are superOnly. */
export function createCompaniesService(deps: CoreDeps) {
  const { db } = deps.database;

  async function mustFind(companyId: number) {
    const company = await repo.findCompany(db, companyId);
    if (!company) throw new AppError('ERR_NO_COMPANY_FOUND', 404);
    return company;
  }

  async function checkRefs(body: CreateCompanyBody | UpdateCompanyBody, exceptId = 0) {
    if (!(await repo.planExists(db, body.planId))) throw new AppError('ERR_NO_PLAN_FOUND', 404);
    if (await repo.companyNameTaken(db, body.name, exceptId)) throw new AppError('ERR_COMPANY_ALREADY_EXISTS', 409);
  }

  /** The super admins (admins of the platform company) hear every change of a company. */
  function publish(action: 'create' | 'update' | 'delete', company: CompanyDto | { id: number }) {
    deps.realtime.publish(
      PLATFORM_COMPANY_ID,
      'company',
      action === 'delete' ? { action, id: company.id } : { action, record: company, id: company.id },
      [rooms.admins()],
    );
  }

  const columns = (body: CreateCompanyBody | UpdateCompanyBody) => ({
    name: body.name,
    email: body.email,
    phone: body.phone || null,
    planId: body.planId,
    document: body.document || null,
    paymentMethod: body.paymentMethod || null,
    ...(body.status !== undefined ? { status: body.status } : {}),
    ...(body.dueDate !== undefined ? { dueDate: body.dueDate } : {}),
    ...(body.recurrence !== undefined ? { recurrence: body.recurrence } : {}),
    ...(body.numberAttendants !== undefined ? { numberAttendants: body.numberAttendants } : {}),
    ...(body.numberConections !== undefined ? { numberConections: body.numberConections } : {}),
    ...(body.addressStreet !== undefined ? { addressStreet: body.addressStreet || null } : {}),
    ...(body.addressState !== undefined ? { addressState: body.addressState || null } : {}),
    ...(body.addressCity !== undefined ? { addressCity: body.addressCity || null } : {}),
  });

  return {
    list: () => repo.listCompanies(db),

    async page(q: { searchParam?: string; pageNumber: number }) {
      return repo.listCompanyPage(db, {
        search: q.searchParam || undefined,
        offset: (q.pageNumber - 1) * COMPANIES_PAGE_SIZE,
        limit: COMPANIES_PAGE_SIZE,
      });
    },

    show: (companyId: number) => mustFind(companyId),

    async create(ctx: TenantContext, body: CreateCompanyBody) {
      await checkRefs(body);
      if (await repo.emailTaken(db, body.email)) throw new AppError('ERR_EMAIL_ALREADY_EXISTS', 409);
      const passwordHash = await hashPassword(body.password);
      let id: number;
      try {
        id = await repo.insertCompanyWithAdmin(db, columns(body), { email: body.email, passwordHash });
      } catch (err) {
        if (isUniqueViolation(err, 'users_email_unique')) throw new AppError('ERR_EMAIL_ALREADY_EXISTS', 409);
        if (isUniqueViolation(err, 'companies_name_unique')) throw new AppError('ERR_COMPANY_ALREADY_EXISTS', 409);
        throw err;
      }
      const company = await mustFind(id);
      publish('create', company);
      recordAudit(deps, ctx, { action: 'company.create', entity: 'company', entityId: id, after: company });
      return company;
    },

    async update(ctx: TenantContext, companyId: number, body: UpdateCompanyBody) {
      const before = await mustFind(companyId);
      // The platform company is never deactivated (its super admin would lock everybody out).
      if (companyId === PLATFORM_COMPANY_ID && body.status === false) throw new AppError('ERR_PLATFORM_COMPANY', 409);
      await checkRefs(body, companyId);
      try {
        await repo.updateCompany(db, companyId, columns(body));
      } catch (err) {
        if (isUniqueViolation(err, 'companies_name_unique')) throw new AppError('ERR_COMPANY_ALREADY_EXISTS', 409);
        throw err;
      }
      if (body.password) await repo.setCompanyAdminPassword(db, companyId, body.email, await hashPassword(body.password));
      const company = await mustFind(companyId);
      publish('update', company);
      recordAudit(deps, ctx, {
        action: 'company.update',
        entity: 'company',
        entityId: companyId,
        before,
        after: { ...company, ...(body.password ? { password: body.password } : {}) },
      });
      // Time zone, hours, plan and status: what the automation and ingest hold of the company.
      await deps.events.publish('setup.changed', { companyId });
      return company;
    },

    /**
     * Moves a company's due date (the admin command line, `atendo extend-due-date`): to the given day, or `days` on
     * from the later of today on the company's clock and its due day (an expired company gets the days from today,
     * as a payment renews it). The platform's company never expires and has no due date to move.
     */
    async extendDueDate(ctx: TenantContext, companyId: number, change: { days: number } | { to: CalendarDay }, now = new Date()) {
      const company = await mustFind(companyId);
      if (companyId === PLATFORM_COMPANY_ID) throw new AppError('ERR_PLATFORM_COMPANY', 409);
      let day: CalendarDay;
      if ('to' in change) {
        const to = calendarDay(change.to);
        const real = to !== null && calendarDay(storedDay(to)) === to; // not 2026-02-31
        if (!real || to < '2000-01-01' || to > '2999-12-31') throw fieldError('dueDate', 'validation.invalid');
        day = to;
      } else {
        if (!Number.isSafeInteger(change.days) || change.days < 1 || change.days > 36_500) {
          throw fieldError('days', 'validation.invalid');
        }
        const today = dayIn(now, await repo.companyTimezone(db, companyId));
        const due = calendarDay(company.dueDate);
        day = addDays(due && due > today ? due : today, change.days);
      }
      await repo.updateCompany(db, companyId, { dueDate: storedDay(day) });
      const updated = await mustFind(companyId);
      publish('update', updated);
      recordAudit(deps, ctx, {
        action: 'company.update',
        entity: 'company',
        entityId: companyId,
        before: { dueDate: company.dueDate },
        after: { dueDate: updated.dueDate },
      });
      // The due date is read with the principal on every request (decision 55); the automation's caches drop it too.
      await deps.events.publish('setup.changed', { companyId });
      return updated;
    },

    /** Deletes the company with everything it owns (rows by cascade, then its media folder), after the typed name. */
    async remove(ctx: TenantContext, companyId: number, confirm: string) {
      const company = await mustFind(companyId);
      if (companyId === PLATFORM_COMPANY_ID || companyId === ctx.companyId) throw new AppError('ERR_PLATFORM_COMPANY', 409);
      if (confirm.trim().toLowerCase() !== company.name.trim().toLowerCase()) {
        throw new AppError('ERR_CONFIRMATION_MISMATCH', 400);
      }
      await repo.deleteCompany(db, companyId);
      await deps.jobs.dropCompanyJobs(companyId);
      await deps.media.removeCompany(companyId);
      // Kept in the super admin's company: the deleted company's own entries went with it.
      recordAudit(deps, ctx, { action: 'company.delete', entity: 'company', entityId: companyId, before: company });
      publish('delete', { id: companyId });
    },

    /** Keeps each company's folder size, file count and last change as media is stored and removed. */
    recordMedia: (companyId: number, bytes: number, files: number) => repo.recordMediaChange(db, companyId, bytes, files),
  };
}

export type CompaniesService = ReturnType<typeof createCompaniesService>;
