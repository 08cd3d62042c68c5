// What a search hit of an item shows beside it: how many the mirror holds on hand, and where most
// of it is (the home facility's locations before others'), so that the popup answers "how many and
// where" without opening the item. Each item's hit row carries its stock summary (item_stock); the
// hit's stock is worded as the hit is made from its row, with nothing kept aside per hit (a page of
// hits per keystroke: what a call allocates decides how often a collection lands in a search).
// Only with a home facility, the items whose top location is elsewhere have their stock rows read,
// in one statement for the page.
import type { SearchHit } from '../../contract/types.ts';
import type { ReadDb } from '../db/handles.ts';
import { stockOfItemsAt } from '../db/read/inventory.ts';
import type { MirrorFacts } from './data-age.ts';

export type HitStock = NonNullable<SearchHit['stock']>;

/** Whose stock a hit's figure sums: the same for every hit until the mirror's facts change. */
interface Coverage {
  covers: string[];
  notHere: string[];
}

/** The stock shown with the item hits of one search. */
export class HitStocks {
  readonly #facts: () => MirrorFacts;
  readonly #home: string | null;
  /** Item hits whose summary's top location is outside the home facility (only with one). */
  #away: SearchHit[] | null = null;

  constructor(facts: () => MirrorFacts, home: string | null) {
    this.#facts = facts;
    this.#home = home;
  }

  /**
   * The stock of an item's hit, from its row's summary: on hand across the facilities whose stock
   * this workstation holds (null: none on hand), and the top location's code and facility id.
   * Undefined when the mirror holds no stock at all (never a 0 for stock that is not here).
   */
  of(onHand: number | null, code: string | null, facilityId: string | null): HitStock | undefined {
    const facts = this.#facts();
    const { covers, notHere } = coverageOf(facts);
    if (covers.length === 0) return undefined;
    if (onHand === null) return { onHand: 0, top: null, covers, notHere };
    const top = code === null ? null : { code, facility: facilityId === null ? null : (facts.facilityNames.get(facilityId) ?? null) };
    return { onHand, top, covers, notHere };
  }

  /** Notes a hit made with `of`, whose summary named this facility as its top's: elsewhere than home, its stock at home is read for the page. */
  madeFor(hit: SearchHit, onHand: number | null, facilityId: string | null): void {
    if (this.#home === null || onHand === null || facilityId === this.#home || hit.stock === undefined) return;
    (this.#away ??= []).push(hit);
  }

  /** With a home facility: the hits kept whose top location is elsewhere show their stock with the home facility's locations first. */
  preferHome(db: ReadDb, kept: readonly SearchHit[]): void {
    const home = this.#home;
    if (home === null || this.#away === null) return;
    const away = this.#away.filter((hit) => kept.includes(hit));
    if (away.length === 0) return;
    const facts = this.#facts();
    const { covers, notHere } = coverageOf(facts);
    const byId = new Map(away.map((hit) => [hit.id, hit]));
    for (const [itemId, onHand, code, facilityId] of stockOfItemsAt(db, [...byId.keys()], home)) {
      const hit = byId.get(itemId);
      if (hit) hit.stock = { onHand, top: code === null ? null : { code, facility: facilityId === null ? null : (facts.facilityNames.get(facilityId) ?? null) }, covers, notHere };
    }
  }
}

const coverages = new WeakMap<MirrorFacts, Coverage>();

/**
 * Whose stock a hit's figure sums: the facilities whose stock was read whole at least once (by
 * name), and every other facility the mirror knows, whose stock is not here and has no figure.
 * Made once per reading of the facts (readFacts keeps them until the file changes), frozen as every
 * hit shares them.
 */
function coverageOf(facts: MirrorFacts): Coverage {
  let coverage = coverages.get(facts);
  if (coverage) return coverage;
  const held = new Set<string>();
  for (const dataset of facts.datasets.values()) if (dataset.list === 'inventory' && dataset.lastSuccessAt !== null && dataset.scopeId !== null) held.add(dataset.scopeId);
  const name = (id: string) => facts.facilityNames.get(id) ?? id;
  coverage = {
    covers: frozen([...held].map(name)),
    notHere: frozen([...facts.facilityNames.keys()].filter((id) => !held.has(id)).map(name)),
  };
  coverages.set(facts, coverage);
  return coverage;
}

function frozen(names: string[]): string[] {
  Object.freeze(names);
  return names;
}
