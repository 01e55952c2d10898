import { isCompanyExpired, type PermissionSubject, PLATFORM_COMPANY_ID, type PlanDto } from '@atendo/shared';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/** The verified principal of a request: everything a service needs to decide, taken from the token only. */
export interface AuthUser extends PermissionSubject {
  id: number;
  companyId: number;
  name: string;
  email: string;
  profile: 'admin' | 'user';
  super: boolean;
  tokenVersion: number;
  allTicket: string;
  allowGroup: string;
  allHistoric: string;
  allUserChat: string;
  userClosePendingTicket: string;
  showDashboard: string;
  allowRealTime: string;
  allowConnections: string;
}

export interface TenantCompany {
  id: number;
  name: string;
  status: boolean;
  dueDate: Date | null;
  planId: number | null;
  timezone: string;
}

export interface TenantContext {
  companyId: number;
  user: AuthUser;
  company: TenantCompany;
  plan: PlanDto | null;
  /** The address of the request acting (the audit log's "from where"); absent for jobs. */
  ip?: string;
}

/** Company 1 never expires; a company without a due date does not either. */
/**
 * The one rule for "this company is switched on": active, or the platform's own company (which can never be turned
 * off). An inactive company's users cannot sign in, its connections stop, its bot and jobs send nothing.
 * `companyIsActiveSql` is the same rule for statements that visit many companies.
 */
export function isCompanyActive(company: Pick<TenantCompany, 'id' | 'status'>) {
  return company.status || company.id === PLATFORM_COMPANY_ID;
}

/** `isCompanyActive` inside a statement: true when the company whose id is `companyId` is switched on. */
export function companyIsActiveSql(companyId: SQL | AnyColumn) {
  return sql`EXISTS (SELECT 1 FROM companies active_company WHERE active_company.id = ${companyId}
    AND (active_company.status OR active_company.id = ${PLATFORM_COMPANY_ID}))`;
}

/** Expired once its due day is over on its own clock (`isCompanyExpired`, the web's rule too: issue 30 item 2). */
export function isSubscriptionExpired(company: Pick<TenantCompany, 'id' | 'dueDate' | 'timezone'>, now = new Date()) {
  return isCompanyExpired(company, now, company.timezone);
}

/** What a repository needs of the tenant: its company. Every repository function takes this shape (or a context). */
export type Tenant = Pick<TenantContext, 'companyId'>;
