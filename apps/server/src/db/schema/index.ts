export * from './attendance';
export * from './baileys';
export * from './billing';
export * from './chatbots';
export * from './contacts';
export * from './messaging';
export * from './platform';
export * from './tenancy';
