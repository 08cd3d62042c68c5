import { PassThrough } from 'node:stream';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { codeKey, codeParts, hasCodeKey, naturalComparer, plainlyInNaturalOrder, zeroSpellings } from '../../electron/core/lookup/codes.ts';

const naturalCompare = naturalComparer();
import { writeCsvRows } from '../../electron/core/lookup/csv-writer.ts';
import { csvField } from '../../electron/contract/csv.ts';
import { naturalSortKey } from '../../electron/core/shared/sort-key.ts';
import { classifyQuery, queryLines, searchWords, splitCodeWords } from '../../electron/core/lookup/query-classify.ts';

describe('codeKey', () => {
  it('gives every spelling of a location code the same key', () => {
    for (const typed of ['A-03-02-B', 'A03 02B', 'a-03-02-b', 'A0302B', ' a.03/02_b ']) expect(codeKey(typed), typed).toBe('A0302B');
    expect(codeKey('MT-1023')).toBe(codeKey('mt1023'));
    expect(codeKey('A-03-02-B')).not.toBe(codeKey('A-03-02-C'));
    // beyond ASCII: compatibility forms (full-width) and letters of other scripts
    expect(codeKey('ａ-０３ ０２ｂ')).toBe('A0302B');
    expect(codeKey('été-7')).toBe('ÉTÉ7');
  });
});

describe('hasCodeKey', () => {
  it('says exactly whether codeKey(code) is the key, for every kind of code', () => {
    // separators, case, digits, and characters NFKC folds (combining marks, full width, ligatures)
    const pieces = ['A', 'b', '0', '7', '-', ' ', '.', 'é', 'e\u0301', 'ｂ', '０', 'ﬁ', 'ß', '_'];
    let seed = 11;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const codes: string[] = [];
    for (let n = 0; n < 3000; n++) {
      let code = '';
      for (let length = Math.floor(next() * 7); length > 0; length--) code += pieces[Math.floor(next() * pieces.length)];
      codes.push(code);
    }
    let matches = 0;
    for (const code of codes) {
      // its own key, keys one character shorter or longer, and another code's key
      const key = codeKey(code);
      const other = codeKey(codes[Math.floor(next() * codes.length)]);
      for (const candidate of [key, key.slice(0, -1), key + 'A', other]) {
        const expected = codeKey(code) === candidate;
        expect(hasCodeKey(code, candidate), JSON.stringify([code, candidate])).toBe(expected);
        if (expected) matches++;
      }
    }
    expect(matches).toBeGreaterThan(3000);
    expect(hasCodeKey('mt-1023', 'MT1023')).toBe(true);
    expect(hasCodeKey('MT-1024', 'MT1023')).toBe(false);
  });
});

describe('naturalSortKey', () => {
  it('orders digit runs by value', () => {
    const codes = ['A-2-10', 'A-2-9', 'B-1-1', 'A-10-1', 'a-2-1', 'A-02-3'];
    expect([...codes].sort(naturalCompare)).toEqual(['a-2-1', 'A-02-3', 'A-2-9', 'A-2-10', 'A-10-1', 'B-1-1']);
  });

  it('gives, compared as plain strings in JS and in SQLite, the run-by-run natural order of any codes', () => {
    // The rule, run by run: digit runs by value, other runs as upper-case text, fewer runs first, then as typed.
    const runs = (code: string) => code.toUpperCase().match(/\d+|\D+/g) ?? [];
    const byRule = (a: string, b: string): number => {
      const [x, y] = [runs(a), runs(b)];
      for (let i = 0; i < Math.min(x.length, y.length); i++) {
        const digits = /\d/.test(x[i][0]) && /\d/.test(y[i][0]);
        const [p, q] = digits ? [x[i].replace(/^0+(?=\d)/, ''), y[i].replace(/^0+(?=\d)/, '')] : [x[i], y[i]];
        if (digits && p.length !== q.length) return p.length - q.length;
        if (p !== q) return p < q ? -1 : 1;
      }
      if (x.length !== y.length) return x.length - y.length;
      return a < b ? -1 : a > b ? 1 : 0;
    };
    const pieces = ['A', 'b', 'Z', '0', '00', '1', '2', '9', '10', '123456789', '0000000000042', '-', ' ', '.', '/', 'é', 'ß'];
    let seed = 3;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const codes = new Set<string>(['', 'A', 'A1', 'A-1', 'A01', 'a1', 'AB', 'A-2-9', 'A-2-10', 'A-21-0']);
    while (codes.size < 1500) {
      let code = '';
      for (let length = 1 + Math.floor(next() * 6); length > 0; length--) code += pieces[Math.floor(next() * pieces.length)];
      codes.add(code);
    }
    const expected = [...codes].sort(byRule);
    const sign = (n: number) => Math.sign(n);
    const list = [...codes];
    for (let n = 0; n < 20000; n++) {
      const [a, b] = [list[Math.floor(next() * list.length)], list[Math.floor(next() * list.length)]];
      expect(sign(naturalCompare(a, b)), JSON.stringify([a, b])).toBe(sign(byRule(a, b)));
    }
    expect([...codes].sort(naturalCompare)).toEqual(expected);
    // the comparer for sorting many (keys made once), from any starting order
    expect([...codes].reverse().sort(naturalComparer())).toEqual(expected);
    expect(list.map((code, i) => list[(i * 7) % list.length]).sort(naturalComparer())).toEqual(list.map((code, i) => list[(i * 7) % list.length]).sort(byRule));
    const db = new Database(':memory:');
    db.exec('CREATE TABLE t (code TEXT, key TEXT); CREATE INDEX t_key ON t (key)');
    const insert = db.prepare('INSERT INTO t VALUES (?, ?)');
    for (const code of [...codes].reverse()) insert.run(code, naturalSortKey(code));
    expect(db.prepare('SELECT code FROM t ORDER BY key').pluck().all()).toEqual(expected);
    db.close();
  });
});

describe('plainlyInNaturalOrder', () => {
  it('is true only for pairs in natural order, and for every such pair of one plain shape', () => {
    // Codes from shapes (`SKU-000120`, `A-03-9-B`): pairs of one shape often, and letters of
    // either case, digits, separators and non-ASCII letters at the same places.
    const shapes = ['SKU-000000', 'A-00-0-A', '00000', 'AA0A', 'A-0', 'A-00', 'A00', 'A0A', '0A0', '000'];
    const letters = ['A', 'B', 'Z', 'a', 'z', '-', '.', 'É', 'ß'];
    let seed = 5;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)];
    const fill = (shape: string) =>
      [...shape].map((c) => (c === '0' ? String(Math.floor(next() * 10)) : c === 'A' && next() < 0.5 ? pick(letters) : c)).join('');
    const plainShape = (a: string, b: string) =>
      a.length === b.length && /^[^a-z\u0080-\uffff]*$/.test(a + b) && [...a].every((c, i) => /\d/.test(c) === /\d/.test(b[i]));
    let known = 0;
    for (let n = 0; n < 20000; n++) {
      const shape = pick(shapes);
      const [a, b] = [fill(shape), fill(next() < 0.8 ? shape : pick(shapes))];
      const pair = JSON.stringify([a, b]);
      const ordered = naturalCompare(a, b) <= 0;
      if (plainlyInNaturalOrder(a, b)) {
        expect(ordered, pair).toBe(true);
        known++;
      } else if (plainShape(a, b)) {
        expect(ordered, pair).toBe(false);
      }
    }
    expect(known).toBeGreaterThan(3000);
    expect(plainlyInNaturalOrder('SKU-000120', 'SKU-000121')).toBe(true);
    expect(plainlyInNaturalOrder('A-2-9', 'A-2-10')).toBe(false); // in order, but not plainly: different lengths
    expect(plainlyInNaturalOrder('sku-1', 'SKU-2')).toBe(false);
  });
});

describe('classifyQuery', () => {
  it('reads GTINs with a valid check digit as GTINs, and flags a wrong one', () => {
    expect(classifyQuery('036000291452').gtins).toContain('00036000291452');
    const bad = classifyQuery('036000291453');
    expect(bad.gtins).toEqual([]);
    expect(bad.checkDigitProblem).toMatch(/expected 2/);
  });

  it('takes the GTIN, lot and serial of a GS1 scan', () => {
    const q = classifyQuery('(01)09506000134352(10)L-7(21)S9');
    expect(q).toMatchObject({ lot: 'L-7', serial: 'S9' });
    expect(q.gtins[0]).toBe('09506000134352');
  });

  it('reads words the same on its plain-ASCII path as the Unicode rules do, for any text', () => {
    // the rules, as regular expressions: the reference the loops over character codes must match
    const wordsByRule = (text: string) => [...new Set(text.toLowerCase().normalize('NFKC').match(/[\p{L}\p{N}]+/gu) ?? [])].slice(0, 8);
    const codeWordsByRule = (words: string[]) => {
      const split = words.flatMap((word) => word.match(/\p{L}+|\p{N}+/gu) ?? []);
      return split.length === words.length ? [] : split.slice(0, 8);
    };
    const pieces = ['a', 'Z', 'q', '0', '7', '42', 'sku', 'MT', '-', ' ', '  ', '.', '/', '_', ',', '\t', 'é', 'e\u0301', 'ß', 'İ', '１'];
    let seed = 5;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (let n = 0; n < 5000; n++) {
      let text = '';
      for (let length = Math.floor(next() * 24); length > 0; length--) text += pieces[Math.floor(next() * (n % 2 ? 16 : pieces.length))];
      const words = searchWords(text);
      expect(words, JSON.stringify(text)).toEqual(wordsByRule(text));
      expect(splitCodeWords(words), JSON.stringify(text)).toEqual(codeWordsByRule(words));
    }
    expect(searchWords('mt1023 Blue-bolt MT1023')).toEqual(['mt1023', 'blue', 'bolt']);
    expect(splitCodeWords(['mt1023', 'blue'])).toEqual(['mt', '1023', 'blue']);
  });

  it('splits words and pasted lines', () => {
    expect(classifyQuery('Blue  widget, LARGE').words).toEqual(['blue', 'widget', 'large']);
    expect(queryLines('A-03-02-B\r\n\n  036000291452 \r\nSKU-1\t')).toEqual(['A-03-02-B', '036000291452', 'SKU-1']);
  });
});

describe('CSV', () => {
  it('quotes per RFC 4180', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('cr\rhere')).toBe('"cr\rhere"');
    expect(csvField(' padded')).toBe('" padded"');
    expect(csvField(null)).toBe('');
    expect(csvField(12.5)).toBe('12.5');
    expect(csvField(false)).toBe('false');
    expect(csvField({ a: 1 })).toBe('"{""a"":1}"');
  });

  it('streams a header and rows as UTF-8 with CRLF, waiting for drain', async () => {
    const out = new PassThrough({ highWaterMark: 1024 });
    const chunks: Buffer[] = [];
    const rows = function* () {
      for (let i = 0; i < 20_000; i++) yield { code: `A-${i}`, name: i === 3 ? 'Café, "grand"' : 'x' };
    };
    const done = writeCsvRows(out, [{ key: 'code', label: 'Code' }, { key: 'name', label: 'Name' }], rows());
    out.on('data', (chunk: Buffer) => chunks.push(chunk));
    const count = await done;
    out.end();
    await new Promise((resolve) => out.on('end', resolve));
    const text = Buffer.concat(chunks).toString('utf8');
    expect(count).toBe(20_000);
    expect(text.startsWith('\uFEFFCode,Name\r\nA-0,x\r\n')).toBe(true);
    expect(text).toContain('A-3,"Café, ""grand"""\r\n');
    expect(text.split('\r\n').length).toBe(20_002);
  });

  it('stops with an error, not a hang, when the reader goes away half-way (a cancelled download)', async () => {
    const out = new PassThrough({ highWaterMark: 1024 });
    const rows = function* () {
      for (let i = 0; i < 20_000; i++) yield { code: `A-${i}` };
    };
    const done = writeCsvRows(out, [{ key: 'code', label: 'Code' }], rows());
    out.once('data', () => out.destroy());
    await expect(done).rejects.toThrow(/closed before the export finished/);
  });
});

describe('codes typed without leading zeros', () => {
  it('have the same parts as the code spelled in full, whatever the separators', () => {
    expect(codeParts('A-03-02-B')).toBe('A|3|2|B');
    expect(codeParts('a-3-2-b')).toBe('A|3|2|B');
    expect(codeParts('A03 02B')).toBe('A|3|2|B');
    expect(codeParts('A-30-2-B')).not.toBe(codeParts('A-3-02-B'));
  });

  it('are looked up under each way the mirror may store them, and not at all when spelled without digits', () => {
    expect(zeroSpellings('a-3-2-b')).toContain('A0302B');
    expect(zeroSpellings('a-3-2-b')).toContain('A32B');
    expect(zeroSpellings('dock')).toEqual([]);
    expect(zeroSpellings('SKU-00')).toEqual([]);
    // too many segments to spell every way: none tried
    expect(zeroSpellings('1-2-3-4-5')).toEqual([]);
  });
});
