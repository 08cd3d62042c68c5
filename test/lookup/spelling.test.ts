// A word typed with one letter wrong is found: the mirror's words one edit away answer it.
import { beforeAll, describe, expect, it } from 'vitest';
import { searchAll } from '../../electron/core/lookup/search.ts';
import { oneEditApart, similarWords } from '../../electron/core/lookup/similar-words.ts';
import { openMirror } from '../../electron/core/db/connection.ts';
import type { WriteDb } from '../../electron/core/db/handles.ts';
import { keepSearchWords } from '../../electron/core/db/search-words/keep.ts';
import { noteWholeReadingDue } from '../../electron/core/db/search-words/write.ts';
import { beginSnapshot } from '../../electron/core/mirror/apply-snapshot.ts';
import { ensureDataset } from '../../electron/core/db/write/datasets.ts';
import { DEFAULT_CAPS } from '../../electron/core/mirror/dataset-caps.ts';
import { DEFAULT_SETTINGS } from '../../electron/core/settings/settings-store.ts';
import { tempDir } from '../support/temp-dir.ts';
import { NOW } from './floor-data.ts';
import { floorMirrorForFile } from './floor-mirror.ts';
import { loadDataset } from './mirror-fixture.ts';

let db: WriteDb;
const search = (q: string) => searchAll(db, q, { staleAfter: DEFAULT_SETTINGS.staleAfterMinutes, now: NOW });

floorMirrorForFile((opened) => (db = opened));
beforeAll(() => {
  loadDataset(db, { list: 'items', scopeKind: 'account', scopeId: 'acc-words', syncedAt: NOW.toISOString() }, [
    { id: 'w-1', account_id: 'acc-words', sku: 'W-1', description: 'Steel bracket small', uom: 'EA' },
    { id: 'w-2', account_id: 'acc-words', sku: 'W-2', description: 'Oak bracken frame', uom: 'EA' },
    { id: 'w-3', account_id: 'acc-words', sku: 'W-3', description: 'Copper hinge', uom: 'EA' },
  ]);
});

describe('spelling help', () => {
  it('finds a word typed with a letter missing, extra, wrong or two swapped', () => {
    for (const typed of ['brackt', 'bracckett', 'brackat', 'barcket', 'bracekt']) {
      const result = search(typed);
      if (typed === 'bracckett') {
        // two edits away: not offered
        expect(result.hits, typed).toEqual([]);
        continue;
      }
      expect(result.hits.map((h) => h.id), typed).toContain('w-1');
      expect(result.spelledAs, typed).toBe('bracket');
      expect(result.hits[0]).toMatchObject({ match: 'word', field: 'description' });
    }
  });

  it('keeps the words typed right and requires them all', () => {
    expect(search('steel brackt').hits.map((h) => h.id)).toEqual(['w-1']);
    expect(search('steel brackt').spelledAs).toBe('steel bracket');
    // `brackeb` is one edit from both: the other words choose
    expect(search('oak brackeb').hits.map((h) => h.id)).toEqual(['w-2']);
    expect(search('oak brackeb').spelledAs).toBe('oak bracken');
    expect(search('steel brackeb').spelledAs).toBe('steel bracket');
    expect(search('copper brackt').hits).toEqual([]);
  });

  it('says the query as the word most hits show when several are one edit away', () => {
    loadDataset(db, { list: 'items', scopeKind: 'account', scopeId: 'acc-castors', syncedAt: NOW.toISOString() }, [
      { id: 'c-1', account_id: 'acc-castors', sku: 'C-1', description: 'Rubber castor', uom: 'EA' },
      { id: 'c-2', account_id: 'acc-castors', sku: 'C-2', description: 'Nylon castor', uom: 'EA' },
      { id: 'c-3', account_id: 'acc-castors', sku: 'C-3', description: 'Casar cloth', uom: 'EA' },
    ]);
    // `casar` is one letter wrong, `castor` one letter missing: the nearer in length comes first, the more shown wins
    expect(similarWords(db, 'castr')).toEqual(['casar', 'castor']);
    const found = search('castr');
    expect(found.hits.map((h) => h.id).sort()).toEqual(['c-1', 'c-2', 'c-3']);
    expect(found.spelledAs).toBe('castor');
  });

  it('is not asked when the words as typed find something, nor for short words', () => {
    const found = search('bracket');
    expect(found.hits.map((h) => h.id)).toEqual(['w-1']);
    expect(found.spelledAs).toBeUndefined();
    expect(search('oaj').hits).toEqual([]);
  });

  it('does not correct a word with a digit in it: a code one edit away is another record', () => {
    loadDataset(db, { list: 'items', scopeKind: 'account', scopeId: 'acc-codes', syncedAt: NOW.toISOString() }, [
      { id: 'k-1', account_id: 'acc-codes', sku: 'K-1', description: 'Label roll zz12345', uom: 'EA' },
    ]);
    expect(search('zz12345').hits.map((h) => h.id)).toEqual(['k-1']);
    expect(similarWords(db, 'zz123456')).toEqual([]);
    const found = search('zz123456');
    expect(found.hits).toEqual([]);
    expect(found.spelledAs).toBeUndefined();
  });

  it('does not correct a size beside words it does correct: the size still has to match', () => {
    loadDataset(db, { list: 'items', scopeKind: 'account', scopeId: 'acc-bolts', syncedAt: NOW.toISOString() }, [
      { id: 'b-1', account_id: 'acc-bolts', sku: 'B-1', description: 'Hex bolt M12x40', uom: 'EA' },
    ]);
    expect(search('m12x40').hits.map((h) => h.id)).toEqual(['b-1']);
    const found = search('m12x45');
    expect(found.hits).toEqual([]);
    expect(found.spelledAs).toBeUndefined();
    // the words beside it are still corrected, and the size still has to match
    expect(search('hex bolf m12x45').hits).toEqual([]);
    expect(search('hex bolf m12x40').spelledAs).toBe('hex bolt m12x40');
  });

  it('offers the words one edit away, nearest in length first', () => {
    expect(similarWords(db, 'brackt')).toEqual(['bracket']);
    expect(similarWords(db, 'brackeb')).toEqual(['bracken', 'bracket']);
    expect(similarWords(db, 'hnige')).toEqual(['hinge']);
    expect(similarWords(db, 'zzzzzz')).toEqual([]);
    // a pasted run of letters is no word to correct, and no error either
    expect(similarWords(db, 'bracket'.repeat(40))).toEqual([]);
    expect(search('bracket'.repeat(40)).hits).toEqual([]);
  });

  it('tells one edit apart from none and from two', () => {
    expect(oneEditApart('brackt', 'bracket')).toBe(true);
    expect(oneEditApart('bracket', 'brackt')).toBe(true);
    expect(oneEditApart('barcket', 'bracket')).toBe(true);
    expect(oneEditApart('bracket', 'bracket')).toBe(false);
    expect(oneEditApart('brcket', 'bracke')).toBe(false);
    expect(oneEditApart('abcd', 'badc')).toBe(false);
  });
});

describe('spelling help in a large vocabulary', () => {
  it('finds the word one edit away among many that start or end alike', () => {
    const own = tempDir();
    const mirror = openMirror(`${own.path}/words.sqlite`);
    try {
      // many words of five letters ending in `qes`: none one edit from `etes`, and all ahead of `tetes` by their ends
      const letters = 'abcdefghijklmnopqrstuvwxyz';
      const alike = [...letters].flatMap((x) => [...letters].map((y) => `${x}${y}qes`)).filter((word) => word !== 'etqes');
      const records = Array.from({ length: 26 }, (_, i) => ({ id: `a-${i}`, account_id: 'acc-a', sku: `A-${i}`, description: alike.slice(i * 26, i * 26 + 26).join(' '), uom: 'EA' }));
      records.push({ id: 't-1', account_id: 'acc-a', sku: 'T-1', description: 'Tetes widget', uom: 'EA' });
      loadDataset(mirror, { list: 'items', scopeKind: 'account', scopeId: 'acc-a', syncedAt: NOW.toISOString() }, records);
      expect(similarWords(mirror, 'etes')).toEqual(['tetes']);
      expect(similarWords(mirror, 'tetse')).toEqual(['tetes']);
      expect(similarWords(mirror, 'aqes')).toEqual(expect.arrayContaining(['aaqes', 'abqes']));
      const found = searchAll(mirror, 'etes', { staleAfter: DEFAULT_SETTINGS.staleAfterMinutes, now: NOW });
      expect(found.hits.map((h) => h.id)).toEqual(['t-1']);
      expect(found.spelledAs).toBe('tetes');
    } finally {
      mirror.close();
      own.remove();
    }
  });
});

describe('the words kept by the sync', () => {
  it('adds new words, and reads every word afresh after a large round', () => {
    const words = () => db.prepare('SELECT word FROM search_words').pluck().all() as string[];
    expect(words()).toEqual(expect.arrayContaining(['bracket', 'bracken', 'widget', 'mounting']));
    // codes' digits and short pieces are not words to offer
    expect(words()).not.toContain('0001');
    expect(words()).not.toContain('w');
    expect(words()).toContain('oak');
    loadDataset(db, { list: 'items', scopeKind: 'account', scopeId: 'acc-words', syncedAt: NOW.toISOString() }, [
      { id: 'w-1', account_id: 'acc-words', sku: 'W-1', description: 'Steel bracket small', uom: 'EA' },
    ]);
    expect(words()).toContain('bracken');
    keepSearchWords(db, ['items_fts'], { afresh: true });
    expect(words()).not.toContain('bracken');
    expect(words()).toContain('bracket');
    expect(words().every((word) => word.length >= 3)).toBe(true);
  });

  it('adds the words of the rows a round inserted or updated, without reading the whole index again', () => {
    const words = () => db.prepare('SELECT word FROM search_words').pluck().all() as string[];
    // a word of the index that a whole reading would bring back
    db.prepare(`DELETE FROM search_words WHERE word = 'bracket'`).run();
    const load = { list: 'items', scopeKind: 'account' as const, scopeId: 'acc-noted', syncedAt: NOW.toISOString() };
    loadDataset(db, load, [{ id: 'n-1', account_id: 'acc-noted', sku: 'N-1', description: 'Steel sprocket', uom: 'EA' }]);
    expect(words()).toContain('sprocket');
    loadDataset(db, load, [{ id: 'n-1', account_id: 'acc-noted', sku: 'N-1', description: 'Steel cogwheel', uom: 'EA' }]);
    expect(words()).toContain('cogwheel');
    expect(words()).not.toContain('bracket');
  });

  it('keeps no word of an apply that was rolled back', () => {
    const words = () => db.prepare('SELECT word FROM search_words').pluck().all() as string[];
    const datasetId = ensureDataset(db, { key: 'items@account:acc-gone', list: 'items', scopeKind: 'account', scopeId: 'acc-gone', path: '/items@account:acc-gone' });
    const applier = beginSnapshot(db, datasetId, { table: 'items', list: 'items', scopeId: 'acc-gone' }, null, { caps: DEFAULT_CAPS });
    applier.add(JSON.stringify({ id: 'g-1', account_id: 'acc-gone', sku: 'G-1', description: 'Zymurgy kit', uom: 'EA' }));
    applier.abort();
    loadDataset(db, { list: 'items', scopeKind: 'account', scopeId: 'acc-kept', syncedAt: NOW.toISOString() }, [
      { id: 'k-1', account_id: 'acc-kept', sku: 'K-1', description: 'Walnut dowel', uom: 'EA' },
    ]);
    expect(words()).toContain('walnut');
    expect(words()).not.toContain('zymurgy');
  });

  it('reads the words of an index a load did not note row by row: a large one at most once an hour, a small one each time', () => {
    const words = () => db.prepare('SELECT word FROM search_words').pluck().all() as string[];
    // the fixture's load reads the words too, at the time it is
    const at = new Date();
    const later = (minutes: number) => new Date(at.getTime() + minutes * 60_000);
    keepSearchWords(db, ['items_fts'], { afresh: true, now: at });
    loadDataset(db, { list: 'items', scopeKind: 'account', scopeId: 'acc-words', syncedAt: NOW.toISOString() }, [
      { id: 'w-1', account_id: 'acc-words', sku: 'W-1', description: 'Steel sprocket', uom: 'EA' },
    ]);
    db.prepare(`DELETE FROM search_words WHERE word = 'sprocket'`).run();
    // as a load whose index entries were made at its end notes it
    const loadedAtTheEnd = () => noteWholeReadingDue(db, 'items_fts');
    // "large" here: more than 2 rows
    loadedAtTheEnd();
    expect(keepSearchWords(db, ['items_fts'], { now: later(30), largeIndexRows: 2 })).toBe(0);
    expect(words()).not.toContain('sprocket');
    loadedAtTheEnd();
    expect(keepSearchWords(db, ['items_fts'], { now: later(61), largeIndexRows: 2 })).toBe(1);
    expect(words()).toContain('sprocket');
    db.prepare(`DELETE FROM search_words WHERE word = 'sprocket'`).run();
    loadedAtTheEnd();
    expect(keepSearchWords(db, ['items_fts'], { now: later(62) })).toBe(1);
    // nothing noted and nothing due: no reading
    db.prepare(`DELETE FROM search_words WHERE word = 'sprocket'`).run();
    expect(keepSearchWords(db, ['items_fts'], { now: later(63) })).toBe(0);
  });
});
