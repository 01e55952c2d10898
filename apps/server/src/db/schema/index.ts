export * from './tenancy';
export * from './chatbots';
export * from './messaging';
export * from './attendance';
