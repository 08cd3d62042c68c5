// Entrance: what `aisle relay` needs of the core besides a whole core per scope: publishing a
// mirror into PostgreSQL, checking a seat's token, and the answers it serves.
export { ensureRelaySchema } from '../db/relay-pg/schema.ts';
export { pollLock } from '../db/relay-pg/poll-lock.ts';
export { publishMirror, type PublishedDataset } from '../relay/publish-round.ts';
export { removeDroppedDatasets } from '../relay/remove-dropped.ts';
export { createSeatChecker, type SeatChecker, type SeatScope } from '../relay/seat-scope.ts';
export { changesBetween, seatCatalog, visibleDataset, wholeAt, type ImmutableBody } from '../relay/relay-answers.ts';
