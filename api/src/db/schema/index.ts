export * from './audit.js';
export * from './customers.js';
export * from './finances.js';
export * from './messaging.js';
export * from './products.js';
export * from './samples.js';
export * from './templates.js';
export * from './users.js';
