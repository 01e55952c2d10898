/** What other modules may use of the kanban (docs/architecture.md, the module rule): the lanes' entry hook. */
export type { KanbanLanes } from './kanban.lanes';
