import type { SearchHit } from './types.ts';

/** The line under an item hit, the same in every language: its UPC and GTIN (its SKU is the hit's code). */
export function barcodeLine(barcodes: NonNullable<SearchHit['barcodes']>): string | null {
  const parts = [barcodes.upc && `UPC ${barcodes.upc}`, barcodes.gtin && `GTIN ${barcodes.gtin}`].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : null;
}
