// Entrance: the one log every host writes (pino, a file a day in the data folder, secrets scrubbed).
export { createAisleLogger, type AisleLogger, type AisleLoggerOptions, type LogLevel } from '../shared/log/aisle-logger.ts';
export { DEFAULT_LOG_KEEP_DAYS, DEFAULT_LOG_MAX_BYTES, listLogFiles, logFolder } from '../shared/log/daily-log-file.ts';
export { REDACTED, scrubSecrets, scrubText } from '../shared/log/secret-scrub.ts';
