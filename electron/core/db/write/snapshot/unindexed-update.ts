// An update that leaves every B-tree index alone, for rows whose indexed values did not change.
import type { WriteDb } from '../../handles.ts';
import type { TableShape } from '../../tables.ts';

export type UnindexedUpdate = (rid: number, datasetId: number, id: string, values: unknown[], hash: number, json: string) => boolean;

/**
 * An update of a row whose indexed values stay the same (a stock record's quantities, an item's
 * description): it sets only the columns no B-tree index holds, so SQLite leaves every index alone
 * (an UPDATE that names an indexed column rewrites that index's entry, even to the same value, and
 * stock has many indexes). It does nothing, and says so, when an indexed
 * value differs (BINARY: a code whose case alone changed is a change), and the caller then updates
 * the whole row. Null when an index holds an expression.
 */
export function unindexedUpdate(db: WriteDb, table: TableShape): UnindexedUpdate | null {
  const indexes = db.prepare(`SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ?`).pluck().all(table.name) as string[];
  const indexed = new Set(['dataset_id', 'id']);
  for (const index of indexes) {
    for (const column of db.prepare('SELECT name FROM pragma_index_info(?)').pluck().all(index) as (string | null)[]) {
      if (column === null) return null;
      indexed.add(column);
    }
  }
  const plain = table.columns.map((c, i) => ({ c, i })).filter(({ c }) => !indexed.has(c));
  const keyed = table.columns.map((c, i) => ({ c, i })).filter(({ c }) => indexed.has(c));
  const statement = db.prepare(
    `UPDATE ${table.name} SET ${[...plain.map(({ c }) => `${c} = ?`), 'hash = ?', 'raw = ?'].join(', ')}
     WHERE rid = ? AND dataset_id = ? AND id = ?${keyed.map(({ c }) => ` AND ${c} IS ? COLLATE BINARY`).join('')}`,
  );
  return (rid, datasetId, id, values, hash, json) =>
    statement.run(...plain.map(({ i }) => values[i]), hash, json, rid, datasetId, id, ...keyed.map(({ i }) => values[i])).changes === 1;
}
