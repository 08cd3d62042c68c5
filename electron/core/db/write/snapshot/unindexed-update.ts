// An update that leaves the B-tree indexes alone, but for an entry or two, for rows whose keys did not change.
import type { WriteDb } from '../../handles.ts';
import type { TableShape } from '../../tables.ts';

export type UnindexedUpdate = (rid: number, datasetId: number, id: string, values: unknown[], hash: number, json: string) => boolean;

/**
 * An update of a row whose keys stay the same (a stock record's quantities, an item's description):
 * it sets only the columns no B-tree index is looked up by, so SQLite leaves every index alone but
 * those that carry a set column after their key (an UPDATE that names an indexed column rewrites
 * that index's entry, even to the same value, and stock has many indexes; the stock's item index
 * carries the quantity for the items' stock summary, and its one entry is rewritten). It does
 * nothing, and says so, when a key differs (BINARY: a code whose case alone changed is a change),
 * and the caller then updates the whole row. Null when an index holds an expression.
 */
export function unindexedUpdate(db: WriteDb, table: TableShape): UnindexedUpdate | null {
  const indexes = db.prepare(`SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ?`).pluck().all(table.name) as string[];
  const indexed = new Set(['dataset_id', 'id']);
  for (const index of indexes) {
    const columns = db.prepare('SELECT name FROM pragma_index_info(?) ORDER BY seqno').pluck().all(index) as (string | null)[];
    if (columns.includes(null)) return null;
    // an index is looked up by its first column; the others it carries (a covering index's) are set
    indexed.add(columns[0]!);
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
