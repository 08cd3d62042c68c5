// GS1's content checks ("linters") the Barcode Syntax Dictionary names per component of an AI's
// value. Each returns null when the component is fine, or what is wrong with it in words.
// Linters that need GS1's or ISO's code lists (company prefixes, countries, currencies, coupon
// layouts) are not run: the value is kept as scanned (see UNCHECKED_LINTERS).

/** GS1 mod-10 check digit of `body` (the digits before the check digit). */
export function gs1CheckDigit(body: string): number {
  let sum = 0;
  for (let i = body.length - 1, weight = 3; i >= 0; i--, weight = weight === 3 ? 1 : 3) sum += Number(body[i]) * weight;
  return (10 - (sum % 10)) % 10;
}

/** True when `digits` (GTIN-8/12/13/14, SSCC, GLN…) ends with its correct check digit. */
export function hasValidCheckDigit(digits: string): boolean {
  if (!/^\d{2,}$/.test(digits)) return false;
  return gs1CheckDigit(digits.slice(0, -1)) === Number(digits.at(-1));
}

/** GS1 character set 82 in GS1's order (the order the check character pair weighs). */
export const CSET82 = '!"%&\'()*+,-./0123456789:;<=>?ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz';
const CSET32 = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
const PRIMES = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71, 73, 79, 83];

/** GS1's check character pair for `body` (GMN, MUDI): two characters of set 32. */
export function gs1CheckPair(body: string): string {
  let sum = 0;
  for (let i = 0; i < body.length; i++) sum += CSET82.indexOf(body[i]) * PRIMES[body.length - 1 - i];
  sum %= 1021;
  return CSET32[sum >> 5] + CSET32[sum & 31];
}

/** True when YYMMDD (day 00 allowed when `dayZero`) names a real day. */
function validYymmdd(value: string, dayZero: boolean): boolean {
  const month = Number(value.slice(2, 4));
  const day = Number(value.slice(4, 6));
  if (month < 1 || month > 12) return false;
  if (day === 0) return dayZero;
  // Checked in 20YY; a date shown as an ISO date is checked again in its real century.
  return day <= new Date(Date.UTC(2000 + Number(value.slice(0, 2)), month, 0)).getUTCDate();
}

const between = (value: string, low: number, high: number) => /^\d+$/.test(value) && Number(value) >= low && Number(value) <= high;

type Linter = (value: string) => string | null;

const LINTERS: Record<string, Linter> = {
  csum: (v) => (hasValidCheckDigit(v) ? null : `check digit is wrong (expected ${gs1CheckDigit(v.slice(0, -1))})`),
  csumalpha: (v) => {
    if (v.length < 3) return 'too short for its check character pair';
    const expected = gs1CheckPair(v.slice(0, -2));
    return v.endsWith(expected) ? null : `check characters are wrong (expected ${expected})`;
  },
  yymmd0: (v) => (validYymmdd(v, true) ? null : `${v} is not a valid date (YYMMDD)`),
  yymmdd: (v) => (validYymmdd(v, false) ? null : `${v} is not a valid date (YYMMDD)`),
  yyyymmdd: (v) => {
    const day = new Date(Date.UTC(Number(v.slice(0, 4)), Number(v.slice(4, 6)) - 1, Number(v.slice(6, 8))));
    return /^\d{8}$/.test(v) && day.toISOString().slice(0, 10).replace(/-/g, '') === v ? null : `${v} is not a valid date (YYYYMMDD)`;
  },
  hh: (v) => (between(v, 0, 23) ? null : `${v} is not an hour (00-23)`),
  mi: (v) => (between(v, 0, 59) ? null : `${v} is not a minute (00-59)`),
  ss: (v) => (between(v, 0, 59) ? null : `${v} is not a second (00-59)`),
  hhmi: (v) => (between(v.slice(0, 2), 0, 23) && between(v.slice(2), 0, 59) ? null : `${v} is not a time (HHMM)`),
  nonzero: (v) => (/[1-9]/.test(v) ? null : 'must not be zero'),
  zero: (v) => (v === '0' ? null : 'must be 0'),
  yesno: (v) => (v === '0' || v === '1' ? null : 'must be 0 (no) or 1 (yes)'),
  winding: (v) => (['0', '1', '9'].includes(v) ? null : 'winding direction must be 0, 1 or 9'),
  iso5218: (v) => (['0', '1', '2', '9'].includes(v) ? null : 'sex code must be 0, 1, 2 or 9 (ISO 5218)'),
  hyphen: (v) => (v === '-' ? null : 'may only be "-"'),
  nozeroprefix: (v) => (v.length > 1 && v.startsWith('0') ? 'must not start with 0' : null),
  hasnondigit: (v) => (/\D/.test(v) ? null : 'must contain a character that is not a digit'),
  pieceoftotal: (v) => {
    const half = v.length / 2;
    const piece = Number(v.slice(0, half));
    const total = Number(v.slice(half));
    return piece >= 1 && total >= 1 && piece <= total ? null : `piece ${piece} of ${total} is not possible`;
  },
  latitude: (v) => (between(v, 0, 1_800_000_000) ? null : `${v} is not a latitude`),
  longitude: (v) => (between(v, 0, 3_600_000_000) ? null : `${v} is not a longitude`),
  pcenc: (v) => (/%(?![0-9A-Fa-f]{2})/.test(v) ? 'has a "%" not followed by two hex digits' : null),
  iban: (v) => {
    if (!/^[A-Z]{2}\d{2}[A-Z0-9]{1,30}$/.test(v)) return `${v} is not an IBAN`;
    const digits = (v.slice(4) + v.slice(0, 4)).replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
    let rest = 0;
    for (const digit of digits) rest = (rest * 10 + Number(digit)) % 97;
    return rest === 1 ? null : `${v} is not a valid IBAN (checksum)`;
  },
};

/** Linters the dictionary names that Aisle does not run: each needs a code list it does not ship. */
export const UNCHECKED_LINTERS = new Set([
  'gcppos1', 'gcppos2', 'iso3166', 'iso3166999', 'iso3166alpha2', 'iso4217', 'importeridx',
  'packagetype', 'mediatype', 'posinseqslash', 'couponcode', 'couponposoffer',
]);

/** Names of the linters Aisle runs. */
export const CHECKED_LINTERS = new Set(Object.keys(LINTERS));

/** What the named linter finds wrong with `value`, or null (also for a linter Aisle does not run). */
export function lint(name: string, value: string): string | null {
  const linter = LINTERS[name];
  return linter ? linter(value) : null;
}
