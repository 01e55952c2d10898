export * from './builders';
export * from './server';
