// Entrance: the one log every host writes (pino, a file a day in the data folder, secrets scrubbed).
export { createAisleLogger, type AisleLogger } from '../shared/log/aisle-logger.ts';
