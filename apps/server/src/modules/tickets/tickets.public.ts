/** What other modules may use of tickets besides its service (docs/architecture.md, the module rule): the row type. */
export type { TicketRow } from './tickets.repository';
