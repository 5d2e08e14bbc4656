export * from './common';
export * from './list';
export * from './auth';
export * from './users';
export * from './jobs';
export * from './account';
export * from './settings';
export * from './dashboard';
