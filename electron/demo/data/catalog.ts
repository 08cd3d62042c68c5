// The small global lists: location and item templates, hazmat, mobile workflows, schedules,
// sequences and transit lanes. They do not change between revisions.
import { KIND, Rng, uuidFor } from './random.ts';
import { facilityCode, facilityId, hazmatId, itemTemplateId, locationTemplateId, transitLaneId } from './ids.ts';
import { iso } from './time.ts';
import { CITIES } from './words.ts';
import type { World } from './world.ts';

export const TRANSIT_LANE_COUNT = 10;

const LOCATION_TEMPLATES: readonly [string, string, number, number, number, number][] = [
  ['Pick face small', 'PICK', 60, 40, 30, 25],
  ['Pick face large', 'PICK', 120, 60, 50, 80],
  ['Carton flow', 'PICK', 90, 30, 120, 60],
  ['Pallet rack', 'BULK', 120, 150, 100, 1000],
  ['Staging lane', 'STAGING', 240, 200, 120, 3000],
  ['Dock door', 'DOCK', 300, 300, 250, 5000],
];

export function locationTemplates(w: World) {
  return LOCATION_TEMPLATES.map(([name, type, width, height, depth, maxWeight], n) => ({
    id: locationTemplateId(w, n),
    name,
    type,
    width_cm: width,
    height_cm: height,
    depth_cm: depth,
    max_weight_kg: maxWeight,
    mixed_items: type !== 'PICK',
    mixed_lots: type === 'BULK' || type === 'STAGING',
    modifiedon: iso(w.pastTime(new Rng(w.seed, KIND.locationTemplate, n))),
  }));
}

/** Template index for a location of this type. */
export function locationTemplateFor(type: string, rng: Rng): number {
  if (type === 'PICK') return rng.int(0, 2);
  return type === 'BULK' ? 3 : type === 'STAGING' ? 4 : 5;
}

export const ITEM_TEMPLATES: readonly [string, string, boolean, boolean][] = [
  ['Each', 'EA', false, false],
  ['Case of 6', 'CS', false, false],
  ['Case of 12', 'CS', false, false],
  ['Lot-tracked each', 'EA', true, false],
  ['Perishable case', 'CS', true, false],
  ['Serialised device', 'EA', false, true],
  ['Pallet', 'PL', false, false],
  ['Pack', 'PK', false, false],
];

export function itemTemplates(w: World) {
  return ITEM_TEMPLATES.map(([name, uom, lotTracked, serialTracked], n) => ({
    id: itemTemplateId(w, n),
    name,
    uom,
    lot_tracked: lotTracked,
    serial_tracked: serialTracked,
    modifiedon: iso(w.pastTime(new Rng(w.seed, KIND.itemTemplate, n))),
  }));
}

export const HAZMAT: readonly [string, string, string, string][] = [
  ['UN1263', '3', 'III', 'Paint'],
  ['UN3480', '9', 'II', 'Lithium ion batteries'],
  ['UN3481', '9', 'II', 'Lithium ion batteries packed with equipment'],
  ['UN1950', '2.1', '', 'Aerosols, flammable'],
  ['UN1090', '3', 'II', 'Acetone'],
  ['UN1170', '3', 'II', 'Ethanol solution'],
  ['UN1993', '3', 'III', 'Flammable liquid, n.o.s.'],
  ['UN2794', '8', 'III', 'Batteries, wet, filled with acid'],
  ['UN1805', '8', 'III', 'Phosphoric acid solution'],
  ['UN1760', '8', 'II', 'Corrosive liquid, n.o.s.'],
  ['UN1230', '3', 'II', 'Methanol'],
  ['UN2037', '2.2', '', 'Receptacles, small, containing gas'],
];

export function hazmat(w: World) {
  return HAZMAT.map(([un, hazardClass, packingGroup, name], n) => ({
    id: hazmatId(w, n),
    un_number: un,
    class: hazardClass,
    packing_group: packingGroup,
    proper_shipping_name: name,
    limited_quantity: packingGroup !== 'I',
    modifiedon: iso(w.pastTime(new Rng(w.seed, KIND.hazmat, n))),
  }));
}

const WORKFLOWS: readonly [string, string, string[]][] = [
  ['RCV', 'RECEIVE', ['scan-po', 'scan-item', 'enter-qty', 'capture-lot', 'print-label']],
  ['PUT', 'PUTAWAY', ['scan-lpn', 'suggest-location', 'scan-location', 'confirm']],
  ['PCK', 'PICK', ['scan-location', 'scan-item', 'enter-qty', 'scan-tote']],
  ['CNT', 'COUNT', ['scan-location', 'scan-item', 'enter-qty', 'confirm']],
  ['MOV', 'MOVE', ['scan-location', 'scan-item', 'enter-qty', 'scan-location']],
  ['SHP', 'SHIP', ['scan-tote', 'weigh', 'print-label', 'load']],
  ['RPL', 'REPLENISH', ['scan-location', 'scan-item', 'scan-location', 'confirm']],
  ['INQ', 'INQUIRY', ['scan-any']],
];

export function workflows(w: World) {
  return WORKFLOWS.map(([code, type, steps], n) => ({
    id: uuidFor(w.seed, KIND.workflow, n),
    code,
    name: `${type[0]}${type.slice(1).toLowerCase()} (RF)`,
    type,
    steps,
    device: 'RF',
    enabled: type !== 'REPLENISH',
    modifiedon: iso(w.pastTime(new Rng(w.seed, KIND.workflow, n))),
  }));
}

const SCHEDULES: readonly [string, string, string][] = [
  ['Nightly cycle count', 'CYCLE_COUNT', '0 2 * * *'],
  ['Wave release', 'WAVE_RELEASE', '*/30 6-18 * * 1-5'],
  ['Carrier manifest', 'CARRIER_MANIFEST', '0 17 * * 1-5'],
  ['Expiry report', 'EXPIRY_REPORT', '0 6 * * 1'],
  ['Replenishment', 'REPLENISH', '0 */2 * * *'],
  ['Inventory snapshot', 'INVENTORY_SNAPSHOT', '30 23 * * *'],
];

export function schedules(w: World) {
  return SCHEDULES.map(([name, task, cron], n) => {
    const rng = new Rng(w.seed, KIND.schedule, n);
    return {
      id: uuidFor(w.seed, KIND.schedule, n),
      name,
      task,
      cron,
      timezone: 'UTC',
      facility_id: facilityId(w, n % w.facilities),
      enabled: n !== 4,
      last_run: iso(w.anchorMs - rng.int(1, 24) * 3_600_000),
      modifiedon: iso(w.pastTime(rng)),
    };
  });
}

const SEQUENCES: readonly [string, string, number][] = [
  ['Order number', 'SO', 8],
  ['Purchase order', 'PO', 7],
  ['License plate', 'LPN', 10],
  ['Shipment', 'SHP', 8],
  ['Wave', 'WV', 6],
  ['Receipt', 'RCP', 7],
];

export function sequences(w: World) {
  return SEQUENCES.map(([name, prefix, padding], n) => {
    const rng = new Rng(w.seed, KIND.sequence, n);
    return {
      id: uuidFor(w.seed, KIND.sequence, n),
      name,
      prefix,
      next_value: rng.int(1000, 900_000),
      increment: 1,
      padding,
      modifiedon: iso(w.pastTime(rng)),
    };
  });
}

export function transitLanes(w: World) {
  return Array.from({ length: TRANSIT_LANE_COUNT }, (_, n) => {
    const rng = new Rng(w.seed, KIND.transitLane, n);
    const origin = n % w.facilities;
    const [city, state, , country] = CITIES[(n * 3 + 1) % CITIES.length];
    return {
      id: transitLaneId(w, n),
      code: `TL-${facilityCode(origin)}-${String(n + 1).padStart(3, '0')}`,
      name: `${facilityCode(origin)} to ${city}`,
      origin_facility_id: facilityId(w, origin),
      destination_city: city,
      destination_stateprovince: state,
      destination_country: country,
      mode: n % 4 === 3 ? 'LTL' : 'PARCEL',
      transit_days: rng.int(1, 6),
      enabled: n !== TRANSIT_LANE_COUNT - 1,
      modifiedon: iso(w.pastTime(rng)),
    };
  });
}
