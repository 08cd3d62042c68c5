import type { SearchHit } from './types.ts';

/**
 * The line under an item hit, the same in every language: its UPC and GTIN (its SKU is the hit's
 * code). `space` goes between a label and its number: the window passes a no-break space, so that a
 * line that wraps never parts "GTIN" from its digits.
 */
export function barcodeLine(barcodes: NonNullable<SearchHit['barcodes']>, space = ' '): string | null {
  const parts = [barcodes.upc && `UPC${space}${barcodes.upc}`, barcodes.gtin && `GTIN${space}${barcodes.gtin}`].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : null;
}
