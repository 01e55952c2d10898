export * from './attendance';
export * from './baileys';
export * from './campaigns';
export * from './chatbots';
export * from './contacts';
export * from './messaging';
export * from './platform';
export * from './tenancy';
