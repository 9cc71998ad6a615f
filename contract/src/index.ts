export * from './auth.js';
export * from './common.js';
export * from './errors.js';
export * from './locale.js';
export * from './messages.js';
export * from './permissions.js';
export * from './phone.js';
export * from './users.js';
