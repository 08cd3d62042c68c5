// Seeded randomness: every generated record is a pure function of (seed, kind, index, version),
// so nothing has to sit in memory and the same seed always gives the same bytes.

/** Kinds salt the hashes so that, say, item 7 and location 7 draw different numbers. */
export const KIND = {
  account: 1,
  carrier: 2,
  channel: 3,
  customer: 4,
  facility: 5,
  location: 6,
  locationTemplate: 7,
  hazmat: 8,
  itemTemplate: 9,
  item: 10,
  workflow: 11,
  schedule: 12,
  sequence: 13,
  transitLane: 14,
  user: 15,
  license: 16,
  role: 17,
  inventory: 18,
  history: 19,
  revision: 20,
  massDelete: 21,
  placement: 22,
} as const;

/** murmur3's finaliser: a good 32-bit mix. */
export function mix32(value: number): number {
  let h = value >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** A 32-bit hash of four small integers (index may exceed 2^32; its high part is folded in). */
export function hash(seed: number, kind: number, index: number, extra = 0): number {
  let h = mix32((seed >>> 0) ^ 0x9e3779b9);
  h = mix32(h ^ Math.imul(kind + 1, 0x27d4eb2f));
  h = mix32(h ^ (index >>> 0));
  h = mix32(h ^ Math.floor(index / 0x100000000));
  return mix32(h ^ Math.imul(extra + 1, 0x165667b1));
}

/** mulberry32, seeded from the hash of a record's coordinates. */
export class Rng {
  private state: number;
  constructor(seed: number, kind: number, index: number, extra = 0) {
    this.state = hash(seed, kind, index, extra);
  }
  /** An unsigned 32-bit integer. */
  u32(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  }
  /** A float in [0, 1). */
  next(): number {
    return this.u32() / 0x100000000;
  }
  /** An integer in [min, max] inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  chance(probability: number): boolean {
    return this.next() < probability;
  }
  pick<T>(values: readonly T[]): T {
    return values[Math.floor(this.next() * values.length)];
  }
  digits(count: number): string {
    let out = '';
    for (let i = 0; i < count; i++) out += String(this.u32() % 10);
    return out;
  }
}

// uuids are made millions of times while streaming: hex digits from tables, not toString(16) + padStart
const HEX1 = '0123456789abcdef';
const HEX2 = Array.from({ length: 256 }, (_, n) => n.toString(16).padStart(2, '0'));
const hex8 = (n: number) => HEX2[n >>> 24] + HEX2[(n >>> 16) & 0xff] + HEX2[(n >>> 8) & 0xff] + HEX2[n & 0xff];
const hex4 = (n: number) => HEX2[(n >>> 8) & 0xff] + HEX2[n & 0xff];

const maskCache = new Map<number, [number, number]>();
function masks(seed: number, kind: number): [number, number] {
  const key = (seed >>> 0) * 64 + kind;
  let found = maskCache.get(key);
  if (!found) {
    if (maskCache.size > 4096) maskCache.clear();
    found = [hash(seed, kind, 0xffffffff, 7) & 0xffff, hash(seed, kind, 0xfffffffe, 8)];
    maskCache.set(key, found);
  }
  return found;
}

/**
 * A version-4-shaped uuid for (seed, kind, index). Its last 48 bits are the index masked with a
 * seed-derived value, so `indexOfUuid` finds the record again without any table.
 */
export function uuidFor(seed: number, kind: number, index: number): string {
  const a = hash(seed, kind, index, 1);
  const b = hash(seed, kind, index, 2);
  const c = hash(seed, kind, index, 3);
  const [maskHi, maskLo] = masks(seed, kind);
  const hi = (Math.floor(index / 0x100000000) ^ maskHi) & 0xffff;
  const lo = ((index >>> 0) ^ maskLo) >>> 0;
  return `${hex8(a)}-${hex4(b >>> 16)}-4${HEX1[(b >>> 8) & 0xf]}${HEX2[b & 0xff]}-${hex4(((c >>> 16) & 0x3fff) | 0x8000)}-${hex4(hi)}${hex8(lo)}`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** The index a uuid of this kind was made from, or -1 when it is not one of ours. */
export function indexOfUuid(seed: number, kind: number, uuid: string): number {
  if (!UUID.test(uuid)) return -1;
  const text = uuid.toLowerCase();
  const [maskHi, maskLo] = masks(seed, kind);
  const hi = (parseInt(text.slice(24, 28), 16) ^ maskHi) & 0xffff;
  const lo = (parseInt(text.slice(28), 16) ^ maskLo) >>> 0;
  const index = hi * 0x100000000 + lo;
  return uuidFor(seed, kind, index) === text ? index : -1;
}
