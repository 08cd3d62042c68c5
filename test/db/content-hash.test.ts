// The content hash tells a changed record from an unchanged one: the same bytes always give the same
// hash, and small edits (one bit, one byte, two high bits far apart, a byte added) give another one.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contentHash } from '../../electron/core/db/content-hash.ts';

describe('contentHash', () => {
  it('is a safe integer that depends only on the bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 600 }), (bytes) => {
        const hash = contentHash(Buffer.from(bytes));
        expect(Number.isSafeInteger(hash) && hash >= 0).toBe(true);
        expect(contentHash(Buffer.from(bytes))).toBe(hash);
      }),
    );
  });

  it('changes with every single-bit edit, every pair of high-bit edits and every added byte of a record', () => {
    const record = Buffer.from(JSON.stringify({ id: 'i-000042', sku: 'SKU-000042', description: 'Green bracket, large', qty: 12, uom: 'EA' }));
    const hashes = new Set([contentHash(record)]);
    let variants = 1;
    for (let i = 0; i < record.length; i++) {
      for (let bit = 0; bit < 8; bit++) {
        record[i] ^= 1 << bit;
        hashes.add(contentHash(record));
        record[i] ^= 1 << bit;
        variants++;
      }
      for (let j = i + 1; j < record.length; j++) {
        record[i] ^= 0x80;
        record[j] ^= 0x80;
        hashes.add(contentHash(record));
        record[i] ^= 0x80;
        record[j] ^= 0x80;
        variants++;
      }
    }
    for (let extra = 1; extra <= 8; extra++) {
      hashes.add(contentHash(Buffer.concat([record, Buffer.alloc(extra, 0x20)])));
      variants++;
    }
    expect(hashes.size).toBe(variants);
  });

  it('gives the hashes mirrors already store: the function never changes (a new one would make every row look changed)', () => {
    const known: [string, number][] = [
      ['', 589559987105330],
      ['a', 6126254232779327],
      ['abc', 2005956364535313],
      ['abcd', 6988518485745142],
      ['{"id":"item-0","sku":"SKU-0000000"}', 2511633456907665],
      ['{"id":"i-1","description":"Grün, 10 × 20 mm"}', 2197779181710913],
    ];
    for (const [text, hash] of known) expect(contentHash(Buffer.from(text)), text).toBe(hash);
  });

  it('gives distinct hashes to distinct records (100,000 that differ in a quantity and an id)', () => {
    const hashes = new Set<number>();
    for (let n = 0; n < 100_000; n++) hashes.add(contentHash(Buffer.from(`{"id":"i-${n}","sku":"SKU-${n % 997}","qty":${n % 1009}}`)));
    expect(hashes.size).toBe(100_000);
  });
});
