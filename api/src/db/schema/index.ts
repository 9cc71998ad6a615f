export * from './audit.js';
export * from './messaging.js';
export * from './templates.js';
export * from './users.js';
