export * from './builders';
export * from './dialogflow-server';
export * from './messenger';
export type { MessengerApi, MessengerSent, MessengerStandinOptions, StandinPage } from './messenger-server';
export * from './server';
export * from './typebot-server';
export * from './wire';
