// The core's entrance: hosts import the core from here, or, for a command that must start quickly,
// from one of the small entrances under entrances/ that load only what their name says
// (docs/architecture.md, "Entrances"). This file loads the whole core.
export { createCore, type Core } from './core.ts';
export type { CoreDeps, Logger, SecretBox } from './context.ts';
export { createAuthApi } from './api/auth-api.ts';
export { checkPlainHttpAllowed } from './session/plain-http.ts';
export { DEFAULT_RETRY } from './api/retry.ts';
export { signInError } from './session/live-session.ts';
export { signInDeadline } from './session/sign-in-deadline.ts';
export * from './entrances/settings.ts';
export * from './entrances/settings-file.ts';
export * from './entrances/kiosk-policy.ts';
export * from './entrances/mirror-files.ts';
export * from './entrances/dataset-status.ts';
export * from './entrances/field-map.ts';
export * from './entrances/lookups.ts';
export * from './entrances/log.ts';
export * from './entrances/machine-policy.ts';
export * from './entrances/network.ts';
