/**
 * What other modules may use of the automation besides its service (docs/architecture.md, the module rule): the
 * company-clock rule schedules share, and the bot-turn types the prompts and integrations runtimes implement.
 * The automation reacts to `message.received` and answers the tickets' ClosePolicy; both are wired in
 * src/composition.ts, so no module calls it directly.
 */

export { createSceneSetupCache, type SceneSetupCache } from './automation.repository';
export { localClock, withinWorkHours } from './automation.rules';
export type { BotTurn, Step, StepEffects } from './automation.step';
