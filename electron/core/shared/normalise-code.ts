/** Location codes compare by letters and digits only: `A03 02B`, `a-03-02-b`, `A0302B` -> `A0302B`. */
export function normaliseCode(code: string | null | undefined): string | null {
  if (code === null || code === undefined) return null;
  const norm = String(code).toUpperCase().replace(/[^\p{L}\p{N}]+/gu, '');
  return norm === '' ? null : norm;
}

/**
 * A lot's or serial's key, as the search compares codes (lookup/codes.ts codeKey): upper case,
 * letters and digits only, width and ligatures folded first; null for a code of separators only.
 * A plain ASCII code without regular expressions: a first load keys every code it brings.
 */
export function stockCodeKey(code: string): string | null {
  let key = '';
  for (let i = 0; i < code.length; i++) {
    const c = code.charCodeAt(i);
    if (c >= 0x80) return normaliseCode(code.normalize('NFKC'));
    if ((c >= 48 && c <= 57) || (c >= 65 && c <= 90)) key += code[i];
    else if (c >= 97 && c <= 122) key += String.fromCharCode(c - 32);
  }
  return key === '' ? null : key;
}
