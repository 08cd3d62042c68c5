// Every GS1 Application Identifier by its digits, built once from the generated table, with what a
// parse needs precomputed: total lengths, how the value is shown, whether a separator must follow.
import { GS1_AI_ROWS, type Gs1AiPartRow } from './gs1-ai-table.ts';

export type AiFormat = 'numeric' | 'text' | 'date' | 'decimal';

/** One component of an AI's value: its character set, length and the GS1 linters that check it. */
export interface Gs1AiPart {
  /** N digits, X GS1 character set 82, Y character set 39, Z base64url. */
  cset: 'N' | 'X' | 'Y' | 'Z';
  min: number;
  max: number;
  optional: boolean;
  linters: readonly string[];
}

export interface AiSpec {
  ai: string;
  /** GS1's data title. */
  label: string;
  /** Fixed length of the whole value, or null when it varies from `min` to `max`. */
  fixed: number | null;
  min: number;
  max: number;
  /** How the value is shown: dates as ISO dates, measures and amounts with their decimal point. */
  format: AiFormat;
  /** The value is a single number ending with a GS1 mod-10 check digit (GTIN, SSCC, GLN). */
  checkDigit: boolean;
  /** Not on GS1's predefined-length list: a FNC1/GS must end the value unless it is last. */
  separatorRequired: boolean;
  /** A GS1 Digital Link primary key. */
  digitalLinkKey: boolean;
  /** Digits after the decimal point, for format 'decimal'. */
  decimals: number;
  parts: readonly Gs1AiPart[];
}

const DATE_LINTERS = new Set(['yymmd0', 'yymmdd', 'yyyymmdd']);

function formatOf(parts: readonly Gs1AiPart[], decimals: boolean): AiFormat {
  if (decimals) return 'decimal';
  if (parts.length === 1 && parts[0].linters.some((linter) => DATE_LINTERS.has(linter))) return 'date';
  return parts.every((part) => part.cset === 'N') ? 'numeric' : 'text';
}

const toPart = ([cset, min, max, optional, ...linters]: Gs1AiPartRow): Gs1AiPart => ({ cset, min, max, optional: optional === 1, linters });

const TABLE = new Map<string, AiSpec>();
for (const [first, last, title, flags, rows] of GS1_AI_ROWS) {
  const parts = rows.map(toPart);
  const min = parts.reduce((sum, part) => sum + (part.optional ? 0 : part.min), 0);
  const max = parts.reduce((sum, part) => sum + part.max, 0);
  const decimals = flags.includes('d');
  for (let n = Number(first); n <= Number(last); n++) {
    const ai = String(n).padStart(first.length, '0');
    TABLE.set(ai, {
      ai,
      label: title,
      fixed: min === max ? max : null,
      min,
      max,
      format: formatOf(parts, decimals),
      checkDigit: parts.length === 1 && parts[0].linters.includes('csum'),
      separatorRequired: !flags.includes('*'),
      digitalLinkKey: flags.includes('k'),
      decimals: decimals ? n % 10 : 0,
      parts,
    });
  }
}

/** The spec of a known AI, or undefined. */
export function aiSpec(ai: string): AiSpec | undefined {
  return TABLE.get(ai);
}

/** Every AI GS1 defines, in the dictionary's order. */
export function allAiSpecs(): AiSpec[] {
  return [...TABLE.values()];
}

/**
 * Finds the AI at the start of a raw element string (2, 3 then 4 digits). GS1 keeps AIs
 * prefix-free, so the first match is the only one.
 */
export function aiAt(data: string, at: number): AiSpec | undefined {
  for (let length = 2; length <= 4; length++) {
    const spec = TABLE.get(data.slice(at, at + length));
    if (spec) return spec;
  }
  return undefined;
}
