/** Location codes compare by letters and digits only: `A03 02B`, `a-03-02-b`, `A0302B` -> `A0302B`. */
export function normaliseCode(code: string | null | undefined): string | null {
  if (code === null || code === undefined) return null;
  const norm = String(code).toUpperCase().replace(/[^\p{L}\p{N}]+/gu, '');
  return norm === '' ? null : norm;
}
