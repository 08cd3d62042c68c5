export * from './errors.ts';
export * from './events.ts';
export * from './methods.ts';
export * from './notices.ts';
export type * from './types.ts';
