// Entrance: how old each dataset of a mirror file is, read from the file alone (`aisle status`).
export { readDatasetStatuses } from '../sync/sync-status.ts';
