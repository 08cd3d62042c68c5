/** Location codes compare by letters and digits only: `A03 02B`, `a-03-02-b`, `A0302B` -> `A0302B`. */
export function normaliseCode(code: string | null | undefined): string | null {
  if (code === null || code === undefined) return null;
  const norm = String(code).toUpperCase().replace(/[^\p{L}\p{N}]+/gu, '');
  return norm === '' ? null : norm;
}

/** A lot's or serial's key, as the search compares codes (lookup/codes.ts codeKey): width and ligatures folded first. */
export function stockCodeKey(code: string): string | null {
  return normaliseCode(code.normalize('NFKC'));
}
