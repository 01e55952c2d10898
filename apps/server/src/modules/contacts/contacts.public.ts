/** What other modules may use of contacts (docs/architecture.md, the module rule): the contact book's search predicate. */
export { contactSearchSql } from './contacts.repository';
