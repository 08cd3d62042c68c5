// A write transaction: taken at once (BEGIN IMMEDIATE), so that it never waits to upgrade a read.
import type { WriteDb } from '../handles.ts';

export function inOneWrite<T>(db: WriteDb, work: () => T): T {
  return db.transaction(work).immediate();
}
