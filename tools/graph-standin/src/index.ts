export * from './builders';
export * from './dialogflow-server';
export * from './messenger';
export type { MessengerApi, MessengerSent, MessengerStandinOptions, StandinPage } from './messenger-server';
export type { ChatMessage, ChatRequest, ChatScript } from './openai-server';
export { tinyOgg } from './openai-server';
export * from './server';
export * from './typebot-server';
export * from './wire';
