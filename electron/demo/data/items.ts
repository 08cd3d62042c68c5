// Items: realistic SKUs, GS1-valid UPC-A and GTIN-14, word descriptions. An item's id, SKU and
// codes never change; its description, weight and modifiedon change at the revisions that touch it.
import { withCheckDigit } from './gs1.ts';
import { accountId, hazmatId, itemId, itemTemplateId } from './ids.ts';
import { HAZMAT, ITEM_TEMPLATES } from './catalog.ts';
import { KIND, Rng, hash } from './random.ts';
import { iso } from './time.ts';
import { ADJECTIVES, BRANDS, MATERIALS, NOUNS, VARIANTS } from './words.ts';
import type { World } from './world.ts';

/** Template weights: each, case of 6, case of 12, lot-tracked, perishable, serialised, pallet, pack. */
const TEMPLATE_WEIGHTS = [40, 14, 12, 10, 8, 5, 2, 9];
const PACK_QTY: Record<string, number[]> = { EA: [1], CS: [6, 12], PL: [48], PK: [3] };

export interface ItemTraits {
  index: number;
  account: number;
  sku: string;
  template: number;
  uom: string;
  lotTracked: boolean;
  serialTracked: boolean;
  /** Perishable items carry expiry dates on their lots. */
  perishable: boolean;
}

export function skuOf(i: number): string {
  return `SKU-${String(i + 1).padStart(6, '0')}`;
}

/** The item index for a SKU, or -1. */
export function indexOfSku(sku: string): number {
  const m = /^SKU-(\d{6,})$/i.exec(sku);
  return m ? Number(m[1]) - 1 : -1;
}

/** The traits that never change, cheaply (inventory and history need them per record). */
export function itemTraits(w: World, i: number): ItemTraits {
  const rng = new Rng(w.seed, KIND.item, i);
  let roll = rng.int(0, 99);
  let template = 0;
  while (roll >= TEMPLATE_WEIGHTS[template]) roll -= TEMPLATE_WEIGHTS[template++];
  const [, uom, lotTracked, serialTracked] = ITEM_TEMPLATES[template];
  return { index: i, account: w.accountOfItem(i), sku: skuOf(i), template, uom, lotTracked, serialTracked, perishable: template === 4 || (lotTracked && rng.chance(0.5)) };
}

/** 11 digits, unique per item index (7919 is coprime with 10^10). */
function upcBase(w: World, i: number): string {
  const offset = hash(w.seed, KIND.item, 0xfffffff0) % 10_000_000_000;
  return '0' + String((i * 7919 + offset) % 10_000_000_000).padStart(10, '0');
}

export function item(w: World, i: number) {
  const traits = itemTraits(w, i);
  const rng = new Rng(w.seed, KIND.item, i, 1);
  const version = w.itemVersion(i);
  const changed = new Rng(w.seed, KIND.item, i, 2 + version);
  const base = upcBase(w, i);
  const packs = PACK_QTY[traits.uom] ?? [1];
  const hazardous = rng.chance(0.04);
  const description = `${rng.pick(BRANDS)} ${rng.pick(ADJECTIVES)} ${rng.pick(MATERIALS)} ${rng.pick(NOUNS)}, ${changed.pick(VARIANTS)}`;
  const created = w.pastTime(rng);
  return {
    id: itemId(w, i),
    account_id: accountId(w, traits.account),
    sku: traits.sku,
    upc: withCheckDigit(base),
    gtin: withCheckDigit('10' + base),
    description,
    uom: traits.uom,
    pack_qty: rng.pick(packs),
    weight: Math.round((0.05 + changed.next() * (traits.uom === 'PL' ? 400 : 12)) * 100) / 100,
    length: rng.int(5, 120),
    width: rng.int(5, 80),
    height: rng.int(2, 60),
    hazmat_id: hazardous ? hazmatId(w, rng.int(0, HAZMAT.length - 1)) : null,
    template_id: itemTemplateId(w, traits.template),
    lot_tracked: traits.lotTracked,
    serial_tracked: traits.serialTracked,
    enabled: !rng.chance(0.02),
    modifiedon: iso(version > 0 ? w.revisionTime(version) : created),
  };
}
