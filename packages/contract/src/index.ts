export * from './constants';
export * from './lang';
export * from './errors';
export * from './messages/index';
export * from './phone';
export * from './schemas/common';
export * from './schemas/auth';
export * from './paths';
