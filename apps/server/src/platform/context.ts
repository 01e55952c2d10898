import type { PermissionSubject, PlanDto } from '@atendo/shared';

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
}

/** Company 1 never expires; a company without a due date does not either. */
export function isSubscriptionExpired(company: Pick<TenantCompany, 'id' | 'dueDate'>, now = new Date()) {
  if (company.id === 1 || !company.dueDate) return false;
  return company.dueDate.getTime() <= now.getTime();
}

/** What a repository needs of the tenant: its company. Every repository function takes this shape (or a context). */
export type Tenant = Pick<TenantContext, 'companyId'>;
