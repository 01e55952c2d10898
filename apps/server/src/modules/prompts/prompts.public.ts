/** What other modules may use of the prompts module: the AI runtime the automation hands tickets to, and its jobs. */
export { createPromptRuntime, registerPromptJobs } from './prompts.runtime';
