// The line under a search hit, worded in one place from the facts the core sends with it: an
// item's barcodes, a location's type, zone and facility, another record's list and code. The core
// sends no words; each host (the window in its language, the CLI in English) passes its own.
import type { SearchHit } from './types.ts';

/** What the line is made of: the facts of a search hit (or of a record opened lately). */
export type HitFacts = Pick<SearchHit, 'list' | 'code' | 'title' | 'place' | 'barcodes' | 'listLabel'>;

export interface HitWords {
  /** "zone B", in the host's language. */
  zone(zone: string): string;
  /** A list's name in the host's language; null for a list it has no word for (the hit's `listLabel` is used). */
  list(list: string): string | null;
  /** A location's type (PICK, BULK) in the host's language; left out, the code as the server sent it. */
  locationType?(type: string): string;
  /**
   * Between a barcode's label and its number. The window passes a no-break space, so that a line
   * that wraps never parts "GTIN" from its digits.
   */
  space?: string;
}

/** The line under a hit; null when there is nothing to say (an item without barcodes). */
export function hitSubtitle(hit: HitFacts, words: HitWords): string | null {
  if (hit.place) {
    const { type, zone, facility } = hit.place;
    return joined(type && (words.locationType?.(type) ?? type), zone && !saidAlready(zone, hit, type) ? words.zone(zone) : null, facility);
  }
  if (hit.barcodes) return barcodeLine(hit.barcodes, words.space ?? ' ');
  const list = words.list(hit.list) ?? hit.listLabel ?? null;
  // a record named by something other than its code shows its code beside its list
  return list ? joined(list, hit.title && hit.code && hit.title !== hit.code ? hit.code : null) : null;
}

/**
 * A zone named like the location itself (its code or title) or like its type ("DOCK", zone DOCK)
 * tells the reader nothing new: the line does not say it twice.
 */
function saidAlready(zone: string, hit: HitFacts, type: string | null | undefined): boolean {
  const same = (other: string | null | undefined) => !!other && other.trim().toLowerCase() === zone.trim().toLowerCase();
  return same(hit.code) || same(hit.title) || same(type);
}

/** An item's UPC and GTIN, the same in every language (its SKU is the hit's code). */
function barcodeLine(barcodes: NonNullable<SearchHit['barcodes']>, space: string): string | null {
  return joined(barcodes.upc && `UPC${space}${barcodes.upc}`, barcodes.gtin && `GTIN${space}${barcodes.gtin}`);
}

/** The non-empty parts joined with ` · `, or null if none. */
function joined(...parts: (string | null | undefined)[]): string | null {
  const present = parts.filter(Boolean);
  return present.length > 0 ? present.join(' · ') : null;
}
