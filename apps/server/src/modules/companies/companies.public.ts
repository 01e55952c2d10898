/** What other modules and the composition root may use of companies (docs/architecture.md, the module rule). */
export { insertCompany, type NewCompany, renewCompanyDueDate, setCompanyPlan } from './companies.repository';
