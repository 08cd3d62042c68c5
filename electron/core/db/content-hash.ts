// The content hash stored with every row (`hash`): a sync compares it with the hash of the record
// received and skips the row when they are equal, so it only has to tell a changed record from an
// unchanged one. It is computed for every record of every snapshot, so it must be cheap: two 32-bit
// lanes of MurmurHash3-style mixing over four bytes at a time, finalised together into 53 bits
// (a fraction of node:crypto's sha1, whose cost is mostly per-call overhead). Not
// cryptographic: the server is trusted, and a collision (odds 2^-53 per change) would keep one
// changed record until its next change.

/** 53-bit hash of a record's JSON bytes, as received. */
export function contentHash(json: Buffer): number {
  const length = json.length;
  let h1 = 0x9747b28c ^ length;
  let h2 = 0x85ebca6b ^ length;
  const whole = length & ~3;
  for (let i = 0; i < whole; i += 4) {
    // four bytes, little-endian, as readInt32LE reads them (without its call and checks)
    let k = json[i] | (json[i + 1] << 8) | (json[i + 2] << 16) | (json[i + 3] << 24);
    k = Math.imul(k, 0xcc9e2d51);
    k = (k << 15) | (k >>> 17);
    k = Math.imul(k, 0x1b873593);
    h1 ^= k;
    h1 = (h1 << 13) | (h1 >>> 19);
    h1 = (Math.imul(h1, 5) + 0xe6546b64) | 0;
    h2 = Math.imul(h2 ^ k, 0x2c1b3c6d);
    h2 = (h2 << 17) | (h2 >>> 15);
  }
  let tail = 0;
  for (let i = length - 1; i >= whole; i--) tail = (tail << 8) | json[i];
  if (length > whole) {
    tail = Math.imul(tail, 0xcc9e2d51);
    tail = (tail << 15) | (tail >>> 17);
    tail = Math.imul(tail, 0x1b873593);
    h1 ^= tail;
    h2 = Math.imul(h2 ^ tail, 0x2c1b3c6d);
  }
  h1 = mix32(h1 ^ Math.imul(h2, 0x1b873593));
  h2 = mix32(h2 ^ h1);
  return (h2 & 0x1fffff) * 0x100000000 + (h1 >>> 0);
}

/** MurmurHash3's finaliser: every input bit moves every output bit. */
function mix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return h ^ (h >>> 16);
}
