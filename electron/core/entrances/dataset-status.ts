// Entrance: how old each dataset of a mirror file is, read from the file alone, the summary every
// host says it by, and the record of a sync that failed before any list (`aisle status`, `aisle sync`).
export { readDatasetStatuses, summarizeSync } from '../sync/sync-status.ts';
export { clearSyncFailure, readSyncFailure, recordSyncFailure } from '../sync/sync-failure.ts';
