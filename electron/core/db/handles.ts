// The two kinds of connection to a mirror, told apart by the compiler (connection.ts hands them out).
import type Database from 'better-sqlite3';

declare const reads: unique symbol;
declare const writes: unique symbol;

/**
 * A connection to a mirror that may only be read: lookups, the CLI's `find` and `status`. Branded
 * so that a function that changes the mirror (it takes a WriteDb) cannot be handed one: the
 * compiler refuses it, not a failed statement at run time.
 */
export type ReadDb = Database.Database & { readonly [reads]: true };

/** The connection that changes a mirror (the sync worker's, an upgrade's); it may read too. */
export type WriteDb = ReadDb & { readonly [writes]: true };
