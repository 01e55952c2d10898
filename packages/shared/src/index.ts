export * from './auth';
export * from './constants';
export * from './errors';
export * from './events';
export * from './permissions';
export * from './plans';
export * from './settings';
export * from './validation';
