export * from './server';
export * from './wire';
