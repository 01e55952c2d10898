export * from './attendance';
export * from './chatbots';
export * from './messaging';
export * from './tenancy';
