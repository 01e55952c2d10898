/**
 * What other modules and the composition root may use of auth (docs/architecture.md, the module rule): the
 * principal of a user id (what a job acting for a user runs with), a user by e-mail (the admin command line) and the
 * password hash the seed writes.
 */
export { asOperator, findUserByEmail, loadTenantContext, operatorContext } from './auth.repository';
export { hashPassword } from './auth.service';
