import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JsonArraySplitter } from '../../electron/core/sync/json-array-splitter.ts';

function split(body: Buffer, cuts: number[]): string[] {
  const splitter = new JsonArraySplitter();
  const out: string[] = [];
  let from = 0;
  for (const cut of [...cuts.filter((c) => c > 0 && c < body.length)].sort((a, b) => a - b).concat(body.length)) {
    splitter.push(body.subarray(from, cut), (bytes) => out.push(bytes.toString('utf8')));
    from = cut;
  }
  splitter.end();
  return out;
}

const record = fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 6 });

describe('JsonArraySplitter', () => {
  it('gives back every element exactly, however the body is cut into chunks', () => {
    fc.assert(
      fc.property(fc.array(record, { maxLength: 20 }), fc.array(fc.nat(), { maxLength: 8 }), fc.boolean(), (records, cuts, pretty) => {
        const body = Buffer.from(pretty ? JSON.stringify(records, null, 2) : JSON.stringify(records));
        const parts = split(body, cuts.map((c) => c % (body.length + 1)));
        expect(parts.map((p) => JSON.parse(p))).toEqual(JSON.parse(body.toString()));
      }),
      { numRuns: 300 },
    );
  });

  it('rejects every truncation of a body', () => {
    fc.assert(
      fc.property(fc.array(record, { minLength: 1, maxLength: 6 }), fc.nat(), (records, at) => {
        const body = Buffer.from(JSON.stringify(records));
        const cut = at % body.length; // strictly shorter than the body
        expect(() => split(body.subarray(0, cut), [])).toThrow(SyntaxError);
      }),
      { numRuns: 300 },
    );
  });

  it('handles escapes, unicode and a BOM', () => {
    const records = [{ a: 'quote " and backslash \\', b: 'ünïcödé ✓ 😀', c: '\\"', d: ['}', ']', '{'] }, { e: '\\' }, { f: '\\\\\\"\\\\', g: '"\\"\\\\"' }];
    const body = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(JSON.stringify(records))]);
    for (let cut = 0; cut <= body.length; cut++) expect(split(body, [cut]).map((p) => JSON.parse(p))).toEqual(records);
  });

  it('reads runs of backslashes before a quote however they are cut, one chunk or many', () => {
    const records = [{ a: '\\', b: '\\\\"', c: 'x\\\\\\' }, { d: '"\\"', e: '\\\\\\\\' }];
    const body = Buffer.from(JSON.stringify(records));
    const expected = records.map((r) => JSON.stringify(r));
    for (let a = 0; a <= body.length; a++) {
      for (let b = a; b <= body.length; b++) expect(split(body, [a, b, b + 1])).toEqual(expected);
    }
  });

  it('rejects bodies that are not an array of objects', () => {
    for (const bad of ['{}', '[1,2]', '[{},]', '[{}{}]', '[{}] x', '[{}],[{}]', '', '   ', '[', 'null', '[{"a":1}', '["a"]']) {
      expect(() => split(Buffer.from(bad), []), bad).toThrow(SyntaxError);
    }
    expect(split(Buffer.from(' [ ] '), [])).toEqual([]);
  });

  it('fails a body with a record nested deeper than the cap when nobody takes rejected records', () => {
    expect(() => split(Buffer.from(`[{"a":${'['.repeat(64)}${']'.repeat(64)}}]`), [])).toThrow(/nested deeper than 64 levels/);
    expect(split(Buffer.from(`[{"a":${'['.repeat(63)}${']'.repeat(63)}}]`), [])).toHaveLength(1);
  });

  it('embedded, stops at the closing bracket and says how many bytes it took, however cut', () => {
    const body = Buffer.from('[{"a":"]"},{"b":[1]}] ,"next":null}');
    const end = body.indexOf(' ,');
    for (let cut = 1; cut < body.length; cut++) {
      const splitter = new JsonArraySplitter({ embedded: true });
      const out: string[] = [];
      let taken = splitter.push(body.subarray(0, cut), (b) => out.push(b.toString()));
      if (!splitter.ended) taken += splitter.push(body.subarray(cut), (b) => out.push(b.toString()));
      expect(taken).toBe(end);
      expect(out).toEqual(['{"a":"]"}', '{"b":[1]}']);
    }
  });
});
