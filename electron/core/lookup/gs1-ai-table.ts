// The GS1 Application Identifiers Aisle understands: their length, character set and meaning.
// Source: GS1 General Specifications, section 3 (element strings) and figure 7.8.5-2 (AIs with a
// predefined length, which need no separator even when not last).

export type AiFormat = 'numeric' | 'text' | 'date' | 'decimal';

export interface AiSpec {
  ai: string;
  label: string;
  /** Fixed length of the value, or null for variable length up to `max`. */
  fixed: number | null;
  max: number;
  format: AiFormat;
  /** The value ends with a GS1 mod-10 check digit (GTIN, SSCC, GLN). */
  checkDigit?: boolean;
  /** For 31nn-36nn and 39nn: unit shown after the value. */
  unit?: string;
}

const fixed = (ai: string, label: string, length: number, format: AiFormat, checkDigit = false): AiSpec => ({
  ai,
  label,
  fixed: length,
  max: length,
  format,
  checkDigit,
});
const text = (ai: string, label: string, max: number): AiSpec => ({ ai, label, fixed: null, max, format: 'text' });
const numeric = (ai: string, label: string, max: number): AiSpec => ({ ai, label, fixed: null, max, format: 'numeric' });

const BASE: AiSpec[] = [
  fixed('00', 'SSCC', 18, 'numeric', true),
  fixed('01', 'GTIN', 14, 'numeric', true),
  fixed('02', 'CONTENT', 14, 'numeric', true),
  text('10', 'BATCH/LOT', 20),
  fixed('11', 'PROD DATE', 6, 'date'),
  fixed('12', 'DUE DATE', 6, 'date'),
  fixed('13', 'PACK DATE', 6, 'date'),
  fixed('15', 'BEST BEFORE', 6, 'date'),
  fixed('16', 'SELL BY', 6, 'date'),
  fixed('17', 'USE BY / EXPIRY', 6, 'date'),
  fixed('20', 'VARIANT', 2, 'numeric'),
  text('21', 'SERIAL', 20),
  text('22', 'CPV', 20),
  text('235', 'TPX', 28),
  text('240', 'ADDITIONAL ID', 30),
  text('241', 'CUST. PART No.', 30),
  text('250', 'SECONDARY SERIAL', 30),
  text('251', 'REF. TO SOURCE', 30),
  numeric('30', 'VAR. COUNT', 8),
  numeric('37', 'COUNT', 8),
  text('400', 'ORDER NUMBER', 30),
  text('401', 'GINC', 30),
  fixed('402', 'GSIN', 17, 'numeric', true),
  text('403', 'ROUTE', 30),
  fixed('410', 'SHIP TO LOC', 13, 'numeric', true),
  fixed('411', 'BILL TO', 13, 'numeric', true),
  fixed('412', 'PURCHASE FROM', 13, 'numeric', true),
  fixed('413', 'SHIP FOR LOC', 13, 'numeric', true),
  fixed('414', 'LOC No.', 13, 'numeric', true),
  fixed('415', 'PAY TO', 13, 'numeric', true),
  fixed('416', 'PROD/SERV LOC', 13, 'numeric', true),
  text('420', 'SHIP TO POST', 20),
  text('421', 'SHIP TO POST', 12),
  fixed('422', 'ORIGIN', 3, 'numeric'),
  fixed('7003', 'EXPIRY TIME', 10, 'numeric'),
  text('8004', 'GIAI', 30),
  fixed('8005', 'PRICE PER UNIT', 6, 'numeric'),
  text('8020', 'REF No.', 25),
  text('90', 'INTERNAL', 30),
  ...['91', '92', '93', '94', '95', '96', '97', '98', '99'].map((ai) => text(ai, 'INTERNAL', 90)),
];

// Measures: 31nn-36nn with n = decimal places (e.g. 3103 = net weight in kg, three decimals).
const MEASURES: [string, string, string][] = [
  ['310', 'NET WEIGHT', 'kg'],
  ['311', 'LENGTH', 'm'],
  ['312', 'WIDTH', 'm'],
  ['313', 'HEIGHT', 'm'],
  ['314', 'AREA', 'm2'],
  ['315', 'NET VOLUME', 'l'],
  ['316', 'NET VOLUME', 'm3'],
  ['320', 'NET WEIGHT', 'lb'],
  ['330', 'GROSS WEIGHT', 'kg'],
  ['331', 'LENGTH', 'm, log'],
  ['332', 'WIDTH', 'm, log'],
  ['333', 'HEIGHT', 'm, log'],
  ['334', 'AREA', 'm2, log'],
  ['335', 'VOLUME', 'l, log'],
  ['336', 'VOLUME', 'm3, log'],
  ['340', 'GROSS WEIGHT', 'lb'],
];

const TABLE = new Map<string, AiSpec>();
for (const spec of BASE) TABLE.set(spec.ai, spec);
for (const [prefix, label, unit] of MEASURES) {
  for (let decimals = 0; decimals <= 5; decimals++) {
    const ai = `${prefix}${decimals}`;
    TABLE.set(ai, { ai, label: `${label} (${unit})`, fixed: 6, max: 6, format: 'decimal', unit });
  }
}

/** The spec of a known AI, or undefined. */
export function aiSpec(ai: string): AiSpec | undefined {
  return TABLE.get(ai);
}

/** Finds the AI at the start of a raw element string: known AIs first (2, 3 then 4 digits). */
export function aiAt(data: string, at: number): AiSpec | undefined {
  for (const length of [2, 3, 4]) {
    const spec = TABLE.get(data.slice(at, at + length));
    if (spec) return spec;
  }
  return undefined;
}
