// Accounts (the spec's table 2.8) and what belongs to one: carriers (2.9), channels, customers.
import { CITIES, COMPANY_SUFFIXES, COMPANY_WORDS, FIRST_NAMES, LAST_NAMES, STREETS } from './words.ts';
import { KIND, Rng, uuidFor } from './random.ts';
import { TRANSIT_LANE_COUNT } from './catalog.ts';
import { accountId, transitLaneId } from './ids.ts';
import type { World } from './world.ts';
import { iso } from './time.ts';

export const CARRIERS_PER_ACCOUNT = 4;
export const CHANNELS_PER_ACCOUNT = 3;
export const CUSTOMERS_PER_ACCOUNT = 25;


export function accountName(w: World, a: number): string {
  const rng = new Rng(w.seed, KIND.account, a);
  return `${rng.pick(COMPANY_WORDS)} ${rng.pick(COMPANY_SUFFIXES)} ${a + 1}`;
}

export function person(rng: Rng): { name: string; phone: string; email: string } {
  const first = rng.pick(FIRST_NAMES);
  const last = rng.pick(LAST_NAMES);
  const email = `${first}.${last}`.normalize('NFD').replace(/[^A-Za-z.]/g, '').toLowerCase() + '@example.com';
  return { name: `${first} ${last}`, phone: `+1-555-${rng.digits(3)}-${rng.digits(4)}`, email };
}

export function address(rng: Rng) {
  const [city, state, postal, country] = rng.pick(CITIES);
  return { line1: `${rng.int(1, 999)} ${rng.pick(STREETS)}`, line2: rng.chance(0.3) ? `Unit ${rng.int(1, 40)}` : '', city, state, postal, country };
}

/** An address in the fields an account and a facility record share. */
export function addressFields(where: ReturnType<typeof address>) {
  return { addr1: where.line1, addr2: where.line2, city: where.city, stateprovince: where.state, postalcode: where.postal, country: where.country };
}

export function account(w: World, a: number) {
  const rng = new Rng(w.seed, KIND.account, a, 1);
  const created = w.pastTime(rng) - 200 * 86_400_000;
  const ship = address(rng);
  const mail = rng.chance(0.5) ? ship : address(rng);
  const contact = person(rng);
  const invoicing = person(rng);
  const name = accountName(w, a);
  return {
    id: accountId(w, a),
    ncode: 1000 + a,
    createdby: 'admin@example.com',
    createdon: iso(created),
    modifiedon: iso(w.pastTime(rng)),
    accountid: `ACC${String(a + 1).padStart(4, '0')}`,
    nodelete: a === 0,
    type: 'ACCOUNT',
    name,
    description: `Fulfilment account of ${name}`,
    notes: rng.chance(0.3) ? 'Ships same day when ordered before 14:00.' : '',
    saddr1: ship.line1, saddr2: ship.line2, saddr3: '', saddr4: '',
    scity: ship.city, sstateprovince: ship.state, spostalcode: ship.postal, scountry: ship.country,
    maddr1: mail.line1, maddr2: mail.line2, maddr3: '', maddr4: '',
    mcity: mail.city, mstateprovince: mail.state, mpostalcode: mail.postal, mcountry: mail.country,
    contact_name: contact.name, contact_phone: contact.phone, contact_email: contact.email,
    inv_contact_name: invoicing.name, inv_contact_phone: invoicing.phone, inv_contact_email: invoicing.email,
  };
}

const CARRIER_SERVICES: readonly [string, string, string][] = [
  ['UPS', 'GROUND', 'PACKAGE'],
  ['FEDEX', 'EXPRESS_SAVER', 'FEDEX_BOX'],
  ['DHL', 'EXPRESS_WORLDWIDE', 'PARCEL'],
  ['USPS', 'PRIORITY', 'FLAT_RATE_BOX'],
  ['POSTNL', 'STANDARD', 'PARCEL'],
  ['DPD', 'CLASSIC', 'PARCEL'],
];

export function carrier(w: World, a: number, n: number) {
  const index = a * CARRIERS_PER_ACCOUNT + n;
  const rng = new Rng(w.seed, KIND.carrier, index);
  const [subtype, service, packageType] = CARRIER_SERVICES[(a + n) % CARRIER_SERVICES.length];
  return {
    id: uuidFor(w.seed, KIND.carrier, index),
    account_id: accountId(w, a),
    enabled: n !== CARRIERS_PER_ACCOUNT - 1 || a % 2 === 0,
    alias: `${subtype} ${service.replace(/_/g, ' ').toLowerCase()}`,
    type: 'SMALLPARCEL',
    subtype,
    package_type: packageType,
    service_level: service,
    transit_lane_id: transitLaneId(w, index % TRANSIT_LANE_COUNT),
    returns_enabled: rng.chance(0.5),
    modifiedon: iso(w.pastTime(rng)),
  };
}

const CHANNELS: readonly [string, string][] = [
  ['WEB', 'Web shop'],
  ['MARKETPLACE', 'Marketplace'],
  ['RETAIL', 'Retail stores'],
];

export function channel(w: World, a: number, n: number) {
  const index = a * CHANNELS_PER_ACCOUNT + n;
  const rng = new Rng(w.seed, KIND.channel, index);
  const [type, label] = CHANNELS[n % CHANNELS.length];
  return {
    id: uuidFor(w.seed, KIND.channel, index),
    account_id: accountId(w, a),
    code: `${type}-${a + 1}`,
    name: `${accountName(w, a)} ${label}`,
    type,
    enabled: true,
    priority: n + 1,
    modifiedon: iso(w.pastTime(rng)),
  };
}

export function customer(w: World, a: number, n: number) {
  const index = a * CUSTOMERS_PER_ACCOUNT + n;
  const rng = new Rng(w.seed, KIND.customer, index);
  const contact = person(rng);
  const where = address(rng);
  return {
    id: uuidFor(w.seed, KIND.customer, index),
    account_id: accountId(w, a),
    code: `C${String(a + 1).padStart(2, '0')}${String(n + 1).padStart(5, '0')}`,
    name: rng.chance(0.4) ? contact.name : `${rng.pick(COMPANY_WORDS)} ${rng.pick(COMPANY_SUFFIXES)}`,
    contact_name: contact.name,
    contact_phone: contact.phone,
    contact_email: contact.email,
    ...addressFields(where),
    enabled: !rng.chance(0.05),
    modifiedon: iso(w.pastTime(rng)),
  };
}
