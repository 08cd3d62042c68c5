import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RejectedElement } from '../../electron/core/sync/json-array-splitter.ts';
import { ListBodyReader, RECORD_FIELDS } from '../../electron/core/sync/list-body-reader.ts';

function read(body: Buffer, cuts: number[] = []) {
  const rejected: RejectedElement[] = [];
  const reader = new ListBodyReader({ onRejected: (r) => rejected.push(r) });
  const out: unknown[] = [];
  let from = 0;
  for (const cut of [...cuts.filter((c) => c > 0 && c < body.length)].sort((a, b) => a - b).concat(body.length)) {
    reader.push(body.subarray(from, cut), (bytes) => out.push(JSON.parse(bytes.toString('utf8'))));
    from = cut;
  }
  reader.end();
  return { records: out, fields: reader.fields, field: reader.recordsField, rejected, isEnvelope: reader.isEnvelope };
}

const record = fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 6 });
/** Envelope fields that are not arrays: scalars and small objects, with keys no records field uses. */
const scalarFields = fc.dictionary(
  fc.string().filter((k) => !RECORD_FIELDS.has(k)),
  fc.oneof(fc.integer(), fc.string(), fc.boolean(), fc.constant(null), fc.dictionary(fc.string(), fc.oneof(fc.integer(), fc.string()), { maxKeys: 3 })),
  { maxKeys: 6 },
);

/** As JSON gives it back (-0 is 0). */
const roundTrip = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

/** An object's JSON with the records array at position `at` among the other fields. */
function envelope(fields: Record<string, unknown>, name: string, records: unknown[], at: number, pretty: boolean): Buffer {
  const entries = Object.entries(fields).filter(([k]) => k !== name);
  entries.splice(at % (entries.length + 1), 0, [name, records]);
  const object = Object.fromEntries(entries);
  // Object.fromEntries moves integer-like keys first; the string below keeps the order chosen
  const text = `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v, null, pretty ? 2 : undefined)}`).join(pretty ? ',\n  ' : ',')}}`;
  expect(JSON.parse(text)).toEqual(roundTrip(object));
  return Buffer.from(text);
}

describe('ListBodyReader', () => {
  it('gives back every record of an envelope, and its other fields, wherever the array is and however the body is cut', () => {
    fc.assert(
      fc.property(
        fc.array(record, { maxLength: 15 }),
        scalarFields,
        fc.constantFrom(...RECORD_FIELDS, 'whatever'),
        fc.nat(),
        fc.array(fc.nat(), { maxLength: 8 }),
        fc.boolean(),
        (records, fields, name, at, cuts, pretty) => {
          const body = envelope(fields, name, records, at, pretty);
          const got = read(body, cuts.map((c) => c % (body.length + 1)));
          expect(got.records).toEqual(roundTrip(records));
          expect(got.field).toBe(name);
          expect(got.fields).toEqual(roundTrip(Object.fromEntries(Object.entries(fields).filter(([k]) => k !== name))));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('rejects every truncation of an envelope', () => {
    fc.assert(
      fc.property(fc.array(record, { minLength: 1, maxLength: 5 }), scalarFields, fc.nat(), fc.nat(), (records, fields, at, cut) => {
        const body = envelope(fields, 'content', records, at, false);
        // at least one byte: a body of nothing is an empty list
        expect(() => read(body.subarray(0, 1 + (cut % (body.length - 1))))).toThrow(SyntaxError);
      }),
      { numRuns: 300 },
    );
  });

  it('reads a bare array as before, and a body of nothing as an empty list', () => {
    expect(read(Buffer.from('[{"id":"a"},{"id":"b"}]'), [3, 9])).toMatchObject({ records: [{ id: 'a' }, { id: 'b' }], field: null, isEnvelope: false });
    expect(read(Buffer.from('')).records).toEqual([]);
    expect(read(Buffer.from(' \r\n')).records).toEqual([]);
    expect(read(Buffer.from([0xef, 0xbb, 0xbf, ...Buffer.from('{"data":[{"id":"x"}]}')])).records).toEqual([{ id: 'x' }]);
  });

  it('passes over a byte order mark however the body is cut, and refuses one in the middle', () => {
    for (const json of ['{"data":[{"id":"x"}]}', '[{"id":"x"}]']) {
      const body = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(json)]);
      for (let cut = 0; cut <= 5; cut++) expect(read(body, [cut, cut + 1]).records).toEqual([{ id: 'x' }]);
    }
    expect(() => read(Buffer.concat([Buffer.from('{"data":[{"id":"x"}]'), Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('}')]))).toThrow();
  });

  it('takes a usual name over an empty array of another name, and the only array of any name', () => {
    expect(read(Buffer.from('{"errors":[],"results":[{"id":1}],"count":1}'))).toMatchObject({ records: [{ id: 1 }], field: 'results', fields: { count: 1 } });
    expect(read(Buffer.from('{"content":[{"id":1}],"sort":["name"],"links":[{"rel":"self"}]}'))).toMatchObject({ records: [{ id: 1 }], field: 'content' });
    expect(read(Buffer.from('{"total":2,"warehouseThings":[{"id":1},{"id":2}]}'))).toMatchObject({ records: [{ id: 1 }, { id: 2 }], field: 'warehouseThings', fields: { total: 2 } });
    expect(read(Buffer.from('{"page":{"size":2,"number":0,"totalPages":3},"_links":{"next":{"href":"/x?page=1"}},"data":[]}')).fields).toEqual({
      page: { size: 2, number: 0, totalPages: 3 },
      _links: { next: { href: '/x?page=1' } },
    });
    expect(read(Buffer.from('{"a\\"b\\\\":1,"data":[]}')).fields).toEqual({ 'a"b\\': 1 });
  });

  it('rejects an object with no list, two lists, a scalar, and a list that is not of objects', () => {
    for (const bad of ['{}', '{"content":{"id":1},"totalElements":1}', '{"status":"ok","count":1}', '{"a":[{"id":1}],"b":[{"id":2}]}', '{"data":[{"id":1}],"items":[{"id":2}]}', '1', '"x"', 'null', '{"data":[1,2]}', '{"data":[]', '{"data":[]}x', '{"data":[],}']) {
      expect(() => read(Buffer.from(bad)), bad).toThrow(SyntaxError);
    }
    expect(() => read(Buffer.from('{"status":"ok","count":1}'))).toThrow(/no list of records in it \(its fields: status, count\)/);
  });

  it('leaves out a record nested deeper than the cap, says which, and reads the rest', () => {
    const deep = `{"id":"deep","x":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
    for (const body of [`[{"id":"a"},${deep},{"id":"b"}]`, `{"content":[{"id":"a"},${deep},{"id":"b"}],"last":true}`]) {
      const got = read(Buffer.from(body), [10, 5000, 150_000]);
      expect(got.records).toEqual([{ id: 'a' }, { id: 'b' }]);
      expect(got.rejected).toEqual([{ index: 1, reason: 'nested deeper than 64 levels', begins: expect.stringMatching(/^\{"id":"deep","x":\[\[/) }]);
    }
    // 64 levels is a record
    const ok = `[{"x":${'['.repeat(63)}${']'.repeat(63)}}]`;
    expect(read(Buffer.from(ok)).records).toHaveLength(1);
    expect(() => read(Buffer.from(`{"meta":${'{"a":'.repeat(1000)}1${'}'.repeat(1000)},"data":[]}`))).toThrow(/nested deeper/);
  });
});

describe('envelopes of other API styles', () => {
  it("JSON:API's included before data is never taken for the records", () => {
    const body = Buffer.from(JSON.stringify({ included: [{ type: 'accounts', id: 'a1', attributes: {} }], data: [{ type: 'users', id: 'u1', attributes: { n: 1 } }], meta: { total: 1 } }));
    const got = read(body, [7, 30]);
    expect(got.records).toEqual([{ type: 'users', id: 'u1', attributes: { n: 1 } }]);
    expect(got.field).toBe('data');
    expect(got.fields).toEqual({ meta: { total: 1 } });
  });

  it('records one level down keep the fields beside them under their object', () => {
    const body = Buffer.from(JSON.stringify({ status: 'ok', data: { total: 2, items: [{ id: 1 }, { id: 2 }], next: null }, _links: { self: { href: '/x' } } }));
    for (const cut of [3, 12, 25, 40]) {
      const got = read(body, [cut]);
      expect(got.records).toEqual([{ id: 1 }, { id: 2 }]);
      expect(got.fields).toEqual({ status: 'ok', data: { total: 2, next: null }, _links: { self: { href: '/x' } } });
    }
  });

  it("HAL's _embedded.<rel> and OData's value", () => {
    expect(read(Buffer.from(JSON.stringify({ _embedded: { people: [{ id: 1 }] }, page: { totalElements: 1 } }))).records).toEqual([{ id: 1 }]);
    expect(read(Buffer.from(JSON.stringify({ '@odata.count': 1, value: [{ id: 1 }] }))).fields).toEqual({ '@odata.count': 1 });
  });
});
