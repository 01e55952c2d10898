export * from './tenancy';
export * from './chatbots';
