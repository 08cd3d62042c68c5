export * from './errors.ts';
export * from './events.ts';
export * from './methods.ts';
export * from './notices.ts';
export * from './notice-schema.ts';
export type * from './types.ts';
