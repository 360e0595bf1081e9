export * from './messages.ts';
export * from './constants.ts';
export * from './api.ts';
export * from './accounts/schemas.ts';
export * from './directory/filters.ts';
export * from './directory/comment-time.ts';
export * from './content/schemas.ts';
export * from './billing/pricing.ts';
