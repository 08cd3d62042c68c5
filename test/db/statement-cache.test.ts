// The statement cache (db/statements.ts) keeps a bounded number of statements per connection: a SQL
// text built from unbounded parts cannot grow it all day, and a statement let go is prepared again.
import { describe, expect, it, vi } from 'vitest';
import type { WriteDb } from '../../electron/core/db/handles.ts';
import { STATEMENTS_KEPT, stmt } from '../../electron/core/db/statements.ts';
import { eachTestMirror } from '../support/temp-mirror.ts';

let db: WriteDb;
eachTestMirror((opened) => (db = opened));

describe('the statement cache', () => {
  it('prepares a text once, and lets the oldest go past its bound', () => {
    const prepare = vi.spyOn(db, 'prepare');
    const first = stmt(db, 'SELECT 0');
    expect(stmt(db, 'SELECT 0')).toBe(first);
    expect(prepare).toHaveBeenCalledTimes(1);
    for (let n = 1; n <= STATEMENTS_KEPT; n++) expect(stmt(db, `SELECT ${n}`).pluck().get()).toBe(n);
    expect(prepare).toHaveBeenCalledTimes(STATEMENTS_KEPT + 1);
    // the newest are still kept; the first was let go and is prepared again, and answers right
    expect(stmt(db, `SELECT ${STATEMENTS_KEPT}`).pluck().get()).toBe(STATEMENTS_KEPT);
    expect(prepare).toHaveBeenCalledTimes(STATEMENTS_KEPT + 1);
    const again = stmt(db, 'SELECT 0');
    expect(again).not.toBe(first);
    expect(again.pluck().get()).toBe(0);
    expect(prepare).toHaveBeenCalledTimes(STATEMENTS_KEPT + 2);
  });
});
