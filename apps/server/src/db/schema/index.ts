export * from './attendance';
export * from './baileys';
export * from './chatbots';
export * from './contacts';
export * from './messaging';
export * from './platform';
export * from './team';
export * from './tenancy';
