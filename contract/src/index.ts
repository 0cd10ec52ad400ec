export * from './constants.js';
export * from './permissions.js';
export * from './fields.js';
export * from './common.js';
export * from './auth.js';
export * from './users-roles.js';
export * from './errors.js';
export * from './i18n.js';
