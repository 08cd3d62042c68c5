// Every contender must answer the same question. Each reports its answers (record ids) to the first
// ANSWER_SAMPLE keys of every case, and the runner compares them with Aisle's:
//   exact lookups                  the same set of ids
//   stock answers                  the same set of rows, each with its item's description (what the
//                                  user reads: Aisle's rows carry it; Dexie and the naive cache look
//                                  the item up, as a web app holding the items would)
//   prefix search                  the same ids in the same order (the first 50 in SKU order)
//   word search                    the search box's answer: first the items whose SKU or UPC is the
//                                  query, then those whose SKU starts with it (Aisle ranks code
//                                  matches above words), then items holding every word of the query
//                                  as a whole word, as many in all as Aisle's page has records
//                                  (Aisle's may include other kinds of record holding the words; any
//                                  50 of the items that do are a right answer: the demo's words each
//                                  match thousands of items, and no contender ranks among equals)
//   REST                           a SKU's stock rows name Aisle's item; stock answers, the same row
//                                  ids (the interface has no item lookup: its rows carry no description)
import Database from 'better-sqlite3';
import type { BenchKeys } from './keys.ts';

export const ANSWER_SAMPLE = 20;

/** Per case, per sampled key, the ids answered. */
export type Answers = Record<string, string[][]>;

export interface Agreement {
  checked: number;
  same: number;
  /** The first disagreement, for the report. */
  example?: string;
}

/** A stock row as compared: its id and its item's description. */
export function stockAnswer(id: string, description: string | null | undefined): string {
  return `${id}\t${description ?? ''}`;
}

/** True when `text` holds `word` as a whole word (letters and digits runs, case-insensitive), as full-text search reads it. */
export function hasWholeWord(text: string, word: string): boolean {
  const words: string[] = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.includes(word.toLowerCase());
}

/** Compares a contender's answers with Aisle's, case by case (only cases both answered). */
export function compareAnswers(mirrorFile: string, keys: Pick<BenchKeys, 'words' | 'wordPairs'>, aisle: Answers, other: Answers, rest = false): Record<string, Agreement> {
  const db = new Database(mirrorFile, { readonly: true });
  const description = db.prepare('SELECT description FROM items WHERE id = ?').pluck();
  // sku is NOCASE: both probes ignore case, as Aisle's search does
  const codeMatches = db
    .prepare(
      `SELECT id FROM (SELECT id, 0 AS rank, sku FROM items WHERE sku = @q OR upc = @q
       UNION ALL SELECT id, 1, sku FROM items WHERE sku > @q AND sku < @q || char(65535)) GROUP BY id ORDER BY min(rank), sku LIMIT 50`,
    )
    .pluck();
  const out: Record<string, Agreement> = {};
  try {
    for (const [name, theirs] of Object.entries(other)) {
      const stock = name.startsWith('inventory');
      // REST's stock rows carry no description: compared by row id
      const ours = rest && stock ? aisle[name]?.map((rows) => rows.map((row) => row.split('\t')[0])) : aisle[name];
      if (!ours) continue;
      const queries = name.includes('two words') ? keys.wordPairs : keys.words;
      const agreement: Agreement = { checked: 0, same: 0 };
      theirs.forEach((answer, i) => {
        if (i >= ours.length) return;
        agreement.checked++;
        const mine = ours[i];
        let same: boolean;
        if (rest && name === 'exact lookup (SKU)') same = answer.every((id) => mine.includes(id));
        else if (name.startsWith('prefix')) same = answer.join('\n') === mine.join('\n');
        else if (name.startsWith('word')) {
          const codes = codeMatches.all({ q: queries[i] }) as string[];
          const holdsWords = (id: string) => queries[i].split(' ').every((word) => hasWholeWord(String(description.get(id) ?? ''), word));
          same = answer.length === mine.length && codes.every((id, at) => answer[at] === id) && answer.slice(codes.length).every(holdsWords);
        }
        else same = [...answer].sort().join('\n') === [...mine].sort().join('\n');
        if (same) agreement.same++;
        else agreement.example ??= `key ${i}: Aisle [${mine.slice(0, 3).join(', ')}${mine.length > 3 ? ', …' : ''}] (${mine.length}), this [${answer.slice(0, 3).join(', ')}${answer.length > 3 ? ', …' : ''}] (${answer.length})`;
      });
      out[name] = agreement;
    }
  } finally {
    db.close();
  }
  return out;
}
