/**
 * What other modules and the composition root may use of auth (docs/architecture.md, the module rule): the
 * principal of a user id (what a job acting for a user runs with) and the password hash the seed writes.
 */
export { loadTenantContext } from './auth.repository';
export { hashPassword } from './auth.service';
