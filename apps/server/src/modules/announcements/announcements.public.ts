/** What other modules may use of announcements (docs/architecture.md, the module rule): a notice to one company's admins. */
import type { CoreDeps } from '../../platform/deps';
import { type CompanyNotice, insertCompanyNotice } from './announcements.repository';

/**
 * An announcement-style notice in one company's admins' bell (no e-mail): written as the platform's (company 1),
 * read only by that company's admins; every bell refreshes and filters what it may read.
 */
export async function noticeCompanyAdmins(deps: CoreDeps, companyId: number, v: CompanyNotice) {
  const row = await insertCompanyNotice(deps.database.db, { companyId: 1 }, companyId, v);
  deps.realtime.publishGlobal?.('company-announcement', { action: 'create', id: row.id });
  return row.id;
}
