// Facilities and their locations. A location's code is aisle-bay-level-position, e.g. A-03-02-B.
import { KIND, Rng } from './random.ts';
import { address, addressFields } from './accounts.ts';
import { locationTemplateFor } from './catalog.ts';
import { facilityCode, facilityId, locationId, locationTemplateId } from './ids.ts';
import { iso } from './time.ts';
import { TIME_ZONES } from './words.ts';
import { facilityName } from './people.ts';
import type { World } from './world.ts';

const POSITIONS = 'ABCD';
const LEVELS = 5;
const BAYS = 20;
const PER_AISLE = POSITIONS.length * LEVELS * BAYS;

export function facility(w: World, f: number) {
  const rng = new Rng(w.seed, KIND.facility, f);
  const where = address(rng);
  return {
    id: facilityId(w, f),
    ncode: 100 + f,
    code: facilityCode(f),
    name: facilityName(f),
    ...addressFields(where),
    zoneIdStr: TIME_ZONES[where.country] ?? 'UTC',
    locations: w.firstLocationOf(f + 1) - w.firstLocationOf(f),
    enabled: true,
    modifiedon: iso(w.pastTime(rng)),
  };
}

function aisleName(n: number): string {
  let name = '';
  let rest = n;
  do {
    name = String.fromCharCode(65 + (rest % 26)) + name;
    rest = Math.floor(rest / 26) - 1;
  } while (rest >= 0);
  return name;
}

function aisleNumber(name: string): number {
  let n = 0;
  for (const ch of name) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}

/** The code of the k-th location of a facility. */
export function locationCode(k: number): string {
  const position = POSITIONS[k % POSITIONS.length];
  const level = Math.floor(k / POSITIONS.length) % LEVELS + 1;
  const bay = Math.floor(k / (POSITIONS.length * LEVELS)) % BAYS + 1;
  const aisle = aisleName(Math.floor(k / PER_AISLE));
  return `${aisle}-${String(bay).padStart(2, '0')}-${String(level).padStart(2, '0')}-${position}`;
}

const CODE = /^([A-Z]{1,4})-(\d{2})-(\d{2})-([A-D])$/;

/** The location index for a code in a facility, or -1. */
export function locationIndexOfCode(w: World, f: number, code: string): number {
  const m = CODE.exec(code.toUpperCase());
  if (!m) return -1;
  const bay = Number(m[2]);
  const level = Number(m[3]);
  if (bay < 1 || bay > BAYS || level < 1 || level > LEVELS) return -1;
  const k = aisleNumber(m[1]) * PER_AISLE + (bay - 1) * POSITIONS.length * LEVELS + (level - 1) * POSITIONS.length + POSITIONS.indexOf(m[4]);
  const l = w.firstLocationOf(f) + k;
  return l < w.firstLocationOf(f + 1) ? l : -1;
}

export function locationType(k: number): 'DOCK' | 'STAGING' | 'PICK' | 'BULK' {
  if (k < 4) return 'DOCK';
  if (k < 8) return 'STAGING';
  return Math.floor(k / POSITIONS.length) % LEVELS < 2 ? 'PICK' : 'BULK';
}

export function locationZone(k: number): string {
  const type = locationType(k);
  if (type === 'DOCK' || type === 'STAGING') return type;
  return `Z${String(Math.floor(k / PER_AISLE / 4) + 1).padStart(2, '0')}`;
}

export function location(w: World, l: number) {
  const f = w.facilityOfLocation(l);
  const k = l - w.firstLocationOf(f);
  const rng = new Rng(w.seed, KIND.location, l);
  const code = locationCode(k);
  const type = locationType(k);
  return {
    id: locationId(w, l),
    facility_id: facilityId(w, f),
    code,
    zone: locationZone(k),
    type,
    barcode: `${facilityCode(f)}${code.replace(/-/g, '')}`,
    check_digits: String(rng.int(10, 99)),
    template_id: locationTemplateId(w, locationTemplateFor(type, rng)),
    pickable: type === 'PICK',
    enabled: !rng.chance(0.02),
    modifiedon: iso(w.pastTime(rng)),
  };
}
