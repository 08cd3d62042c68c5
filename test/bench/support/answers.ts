// Every contender must answer the same question. Each reports its answers (record ids) to the first
// ANSWER_SAMPLE keys of every case, and the runner compares them with Aisle's:
//   exact lookups, stock answers   the same set of ids
//   prefix search                  the same ids in the same order (the first 50 in SKU order)
//   word search                    as many items as Aisle's page has records (Aisle's may include
//                                  other kinds of record holding the word), each holding the word as a
//                                  whole word (any 50 of the items that do are a right answer: the
//                                  demo's words each match thousands of items, and no contender ranks
//                                  among equals)
//   REST, exact lookup (SKU)       its stock rows name Aisle's item (the interface has no item search)
import Database from 'better-sqlite3';

export const ANSWER_SAMPLE = 20;

/** Per case, per sampled key, the ids answered. */
export type Answers = Record<string, string[][]>;

export interface Agreement {
  checked: number;
  same: number;
  /** The first disagreement, for the report. */
  example?: string;
}

/** True when `text` holds `word` as a whole word (letters and digits runs, case-insensitive), as full-text search reads it. */
export function hasWholeWord(text: string, word: string): boolean {
  const words: string[] = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.includes(word.toLowerCase());
}

/** Compares a contender's answers with Aisle's, case by case (only cases both answered). */
export function compareAnswers(mirrorFile: string, words: readonly string[], aisle: Answers, other: Answers, rest = false): Record<string, Agreement> {
  const db = new Database(mirrorFile, { readonly: true });
  const description = db.prepare('SELECT description FROM items WHERE id = ?').pluck();
  const out: Record<string, Agreement> = {};
  try {
    for (const [name, theirs] of Object.entries(other)) {
      const ours = aisle[name];
      if (!ours) continue;
      const agreement: Agreement = { checked: 0, same: 0 };
      theirs.forEach((answer, i) => {
        if (i >= ours.length) return;
        agreement.checked++;
        const mine = ours[i];
        let same: boolean;
        if (rest && name === 'exact lookup (SKU)') same = answer.every((id) => mine.includes(id));
        else if (name.startsWith('prefix')) same = answer.join('\n') === mine.join('\n');
        else if (name.startsWith('word')) same = answer.length === mine.length && answer.every((id) => hasWholeWord(String(description.get(id) ?? ''), words[i]));
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
