export * from './tenancy';
