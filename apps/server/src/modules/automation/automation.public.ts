/**
 * What other modules may use of the automation besides its service (docs/architecture.md, the module rule): the
 * hooks ingest and the tickets' close call (bound at start, so neither module depends on the automation's service),
 * and the company-clock rule schedules share.
 */
export { handInboundToAutomation, ratingInsteadOfClose, type StoredInbound } from './automation.hooks';
export { localClock } from './automation.rules';
export type { BotTurn, Step, StepEffects } from './automation.step';
