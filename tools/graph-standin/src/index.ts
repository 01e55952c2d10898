export * from './builders';
export * from './messenger';
export type { MessengerApi, MessengerSent, MessengerStandinOptions, StandinPage } from './messenger-server';
export * from './server';
export * from './wire';
