// Users, roles and licenses. The sign-in users are fixed (README, "Demo server"); staff users
// fill the users list. All sign-in users share the password demo1234.
import { facilityCode, facilityId, roleId } from './ids.ts';
import { KIND, Rng, uuidFor } from './random.ts';
import { iso } from './time.ts';
import { FIRST_NAMES, LAST_NAMES } from './words.ts';
import type { World } from './world.ts';

export const DEMO_PASSWORD = 'demo1234';
/** Security level from which a user may end other users' sessions. */
export const ADMIN_SECURITY_LEVEL = 90;

export interface SignInUser {
  email: string;
  name: string;
  enabled: boolean;
  securityLevel: number;
  locale: string;
  /** indices into LICENSES */
  licenses: number[];
  /** facility indices, or 'all' */
  facilities: number[] | 'all';
  /** indices into ROLES */
  roles: number[];
}

export const SIGN_IN_USERS: readonly SignInUser[] = [
  { email: 'demo@example.com', name: 'Demo User', enabled: true, securityLevel: 50, locale: 'en_US', licenses: [0, 1], facilities: 'all', roles: [1, 4] },
  { email: 'solo@example.com', name: 'Sofía Ortega', enabled: true, securityLevel: 30, locale: 'es_ES', licenses: [2], facilities: [0], roles: [3] },
  { email: 'admin@example.com', name: 'Site Administrator', enabled: true, securityLevel: 100, locale: 'en_US', licenses: [1], facilities: 'all', roles: [0] },
  { email: 'disabled@example.com', name: 'Former Employee', enabled: false, securityLevel: 30, locale: 'en_US', licenses: [1], facilities: [0], roles: [3] },
  { email: 'lapsed@example.com', name: 'Lapsed Licensee', enabled: true, securityLevel: 30, locale: 'en_US', licenses: [3], facilities: [0], roles: [5] },
  // one facility of demo@example.com's ENTERPRISE license: what a site relay may serve a seat of one facility
  { email: 'floor@example.com', name: 'Femi Adeyemi', enabled: true, securityLevel: 30, locale: 'en_US', licenses: [1], facilities: [0], roles: [3] },
];

export const ROLES = ['Administrator', 'Supervisor', 'Receiver', 'Picker', 'Inventory control', 'Viewer'];

interface LicenseSpec {
  type: string;
  enabled: boolean;
  production: boolean;
  description: string;
  msg: string;
}

export const LICENSES: readonly LicenseSpec[] = [
  { type: 'COMMUNITY', enabled: true, production: false, description: 'Community edition (training)', msg: '' },
  { type: 'ENTERPRISE', enabled: true, production: true, description: 'Enterprise edition', msg: '' },
  { type: 'PROFESSIONAL', enabled: true, production: true, description: 'Professional edition', msg: '' },
  { type: 'PROFESSIONAL', enabled: false, production: true, description: 'Professional edition', msg: 'This license has expired. Contact your administrator.' },
];

export const licenseId = (w: World, n: number) => uuidFor(w.seed, KIND.license, n);

export function license(w: World, n: number) {
  const spec = LICENSES[n];
  return {
    id: licenseId(w, n),
    customer_id: uuidFor(w.seed, KIND.license, 1000),
    customer_name: 'Demo Warehouse Inc.',
    license_type: spec.type,
    enabled: spec.enabled,
    production: spec.production,
    description: spec.description,
    number_full_users: spec.type === 'COMMUNITY' ? 3 : 50,
    number_rf_users: spec.type === 'COMMUNITY' ? 5 : 200,
    number_ro_users: spec.type === 'COMMUNITY' ? 5 : 100,
    number_facilities: spec.type === 'COMMUNITY' ? 1 : w.facilities,
    number_transactions: spec.type === 'COMMUNITY' ? 10_000 : 10_000_000,
    number_integrations: spec.type === 'COMMUNITY' ? 0 : 10,
    msg: spec.msg,
  };
}

/** Users in the users list: the sign-in users, then six staff per facility. */
export function userCount(w: World): number {
  return SIGN_IN_USERS.length + 6 * w.facilities;
}

export const userId = (w: World, u: number) => uuidFor(w.seed, KIND.user, u);

function describe(w: World, u: number): SignInUser {
  if (u < SIGN_IN_USERS.length) return SIGN_IN_USERS[u];
  const rng = new Rng(w.seed, KIND.user, u);
  const first = rng.pick(FIRST_NAMES);
  const last = rng.pick(LAST_NAMES);
  const local = `${first}.${last}`.normalize('NFD').replace(/[^A-Za-z.]/g, '').toLowerCase();
  return {
    email: `${local}.${u}@example.com`,
    name: `${first} ${last}`,
    enabled: !rng.chance(0.1),
    securityLevel: 30,
    locale: rng.pick(['en_US', 'en_GB', 'es_ES', 'nl_NL', 'de_DE']),
    licenses: [],
    facilities: [(u - SIGN_IN_USERS.length) % w.facilities],
    roles: [rng.int(1, 5)],
  };
}

/** The User record of the spec's table 2.7. */
export function user(w: World, u: number) {
  const who = describe(w, u);
  const rng = new Rng(w.seed, KIND.user, u, 1);
  const facilities = who.facilities === 'all' ? Array.from({ length: w.facilities }, (_, f) => f) : who.facilities.filter((f) => f < w.facilities);
  const [local] = who.email.split('@');
  return {
    id: userId(w, u),
    ncode: 500 + u,
    modifiedon: iso(w.pastTime(rng)),
    securityLevel: who.securityLevel,
    email: who.email,
    locale: who.locale,
    description: u < SIGN_IN_USERS.length ? 'Demo sign-in user' : 'Warehouse staff',
    name: who.name,
    enabled: who.enabled,
    type: 'SYSTEM',
    internaluse: false,
    email_alias: `${local}@demo.example.com`,
    fav1link: '/inventory', fav1name: 'Inventory', fav1icon: 'boxes',
    fav2link: '/locations', fav2name: 'Locations', fav2icon: 'map',
    fav3link: '/history', fav3name: 'History', fav3icon: 'clock',
    facilities: facilities.map((f) => ({ id: facilityId(w, f), code: facilityCode(f), name: facilityName(f) })),
    roles: who.roles.map((r) => ({ id: roleId(w, r), name: ROLES[r] })),
  };
}

const staffByWorld = new WeakMap<World, string[][]>();

/**
 * The e-mails of the users who work in facility f: its six staff of the users list and the demo
 * user (who has every facility), so that the history names people the users list has.
 */
export function facilityStaff(w: World, f: number): readonly string[] {
  let staff = staffByWorld.get(w);
  if (!staff) {
    staff = Array.from({ length: w.facilities }, (): string[] => []);
    for (let u = SIGN_IN_USERS.length; u < userCount(w); u++) staff[(u - SIGN_IN_USERS.length) % w.facilities]!.push(describe(w, u).email);
    for (const list of staff) list.push(SIGN_IN_USERS[0]!.email);
    staffByWorld.set(w, staff);
  }
  return staff[f]!;
}

export function userIndexOfEmail(w: World, email: string): number {
  const wanted = email.trim().toLowerCase();
  for (let u = 0; u < userCount(w); u++) if (describe(w, u).email === wanted) return u;
  return -1;
}

export const FACILITY_NAMES = ['Rotterdam DC', 'Memphis Hub', 'Columbus Fulfilment', 'Leipzig Crossdock', 'Reno Returns', 'Zaragoza DC', 'Lyon Store Supply', 'Toronto Hub'];

export function facilityName(f: number): string {
  return f < FACILITY_NAMES.length ? FACILITY_NAMES[f] : `Facility ${f + 1}`;
}
