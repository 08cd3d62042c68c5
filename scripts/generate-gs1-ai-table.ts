// Writes electron/core/shared/gs1/gs1-ai-table.ts from GS1's Barcode Syntax Dictionary
// (third_party/gs1-syntax-dictionary). Run it after replacing the dictionary with a newer release:
//   node scripts/generate-gs1-ai-table.ts
// The output is committed, so the app needs no build step; a test checks it is up to date.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CHECKED_LINTERS, UNCHECKED_LINTERS } from '../electron/core/shared/gs1/gs1-linters.ts';

export const DICTIONARY_PATH = fileURLToPath(new URL('../third_party/gs1-syntax-dictionary/gs1-syntax-dictionary.txt', import.meta.url));
export const TABLE_PATH = fileURLToPath(new URL('../electron/core/shared/gs1/gs1-ai-table.ts', import.meta.url));

/** The dictionary gives these AIs no title; named here from their definition in the GS1 General Specifications. */
const MISSING_TITLES: Record<string, string> = {
  '8110': 'COUPON CODE (NORTH AMERICA)',
  '8112': 'PAPERLESS COUPON (NORTH AMERICA)',
};

/**
 * AIs whose last digit says where the decimal point is (GS1 General Specifications, measures and
 * amounts): 31nn-36nn trade and logistic measures, 390n amount, 392n price, 394n percentage, 395n
 * price per unit. Only their single-number forms: 391n and 393n also carry a currency, kept as sent.
 */
const DECIMAL_POINT_AI = /^(3[1-6]\d\d|39[0245]\d)$/;

const FLAG_CHARS = /^[*!?"$%&'()+,\-./:;<=>@[\\\]^_`{|}~]+$/;
const COMPONENT = /^(\[)?([NXYZ])(\.\.)?(\d+)(\])?((?:,\w+)*)$/;

export interface DictionaryPart {
  cset: 'N' | 'X' | 'Y' | 'Z';
  min: number;
  max: number;
  optional: boolean;
  linters: string[];
}

export interface DictionaryEntry {
  ai: string;
  title: string;
  predefinedLength: boolean;
  digitalLink: boolean;
  digitalLinkKey: boolean;
  decimals: number | null;
  parts: DictionaryPart[];
}

/** Every AI of the dictionary, ranges ("3100-3105", "91-99") expanded, in the dictionary's order. */
export function readDictionary(text: string): DictionaryEntry[] {
  const entries: DictionaryEntry[] = [];
  for (const [index, rawLine] of text.split('\n').entries()) {
    const line = rawLine.trim();
    if (line === '' || line.startsWith('#')) continue;
    const hash = line.indexOf('#');
    const body = hash === -1 ? line : line.slice(0, hash);
    const tokens = body.trim().split(/\s+/);
    const range = tokens.shift()!;
    const flags = tokens[0] !== undefined && FLAG_CHARS.test(tokens[0]) ? tokens.shift()! : '';
    const parts: DictionaryPart[] = [];
    while (tokens.length > 0) {
      const match = COMPONENT.exec(tokens[0]);
      if (!match) break;
      tokens.shift();
      const [, open, cset, dots, length, close, linters] = match;
      if (Boolean(open) !== Boolean(close)) throw new Error(`Dictionary line ${index + 1}: unbalanced brackets in "${match[0]}".`);
      parts.push({ cset: cset as DictionaryPart['cset'], min: dots ? 1 : Number(length), max: Number(length), optional: Boolean(open), linters: linters.split(',').filter(Boolean) });
    }
    if (parts.length === 0) throw new Error(`Dictionary line ${index + 1}: no format specification for ${range}.`);
    const [first, last = first] = range.split('-');
    if (first.length !== last.length || !/^\d{2,4}$/.test(first)) throw new Error(`Dictionary line ${index + 1}: unreadable AI range "${range}".`);
    for (let n = Number(first); n <= Number(last); n++) {
      const ai = String(n).padStart(first.length, '0');
      const title = hash === -1 ? MISSING_TITLES[ai] : line.slice(hash + 1).trim();
      if (!title) throw new Error(`Dictionary line ${index + 1}: AI ${ai} has no title; add one to MISSING_TITLES.`);
      entries.push({
        ai,
        title,
        predefinedLength: flags.includes('*'),
        digitalLink: flags.includes('?'),
        digitalLinkKey: tokens.some((token) => token === 'dlpkey' || token.startsWith('dlpkey=')),
        decimals: DECIMAL_POINT_AI.test(ai) && parts.length === 1 ? Number(ai.at(-1)) : null,
        parts,
      });
    }
  }
  return entries;
}

/** One dictionary line: its AIs (a range, or first === last), title, flags and parts. */
interface DictionaryLine {
  first: string;
  last: string;
  title: string;
  flags: string;
  parts: DictionaryPart[];
}

/** The entries grouped back into their dictionary lines (an expanded range shares one title and flags except where they differ). */
function linesOf(entries: DictionaryEntry[]): DictionaryLine[] {
  const lines: DictionaryLine[] = [];
  for (const entry of entries) {
    const flags = `${entry.predefinedLength ? '*' : ''}${entry.digitalLink ? '?' : ''}${entry.digitalLinkKey ? 'k' : ''}${entry.decimals === null ? '' : 'd'}`;
    const previous = lines.at(-1);
    const next = previous && String(Number(previous.last) + 1).padStart(previous.last.length, '0');
    if (previous && next === entry.ai && previous.title === entry.title && previous.flags === flags && previous.parts === entry.parts) previous.last = entry.ai;
    else lines.push({ first: entry.ai, last: entry.ai, title: entry.title, flags, parts: entry.parts });
  }
  return lines;
}

function renderPart(part: DictionaryPart): string {
  return `[${["'" + part.cset + "'", part.min, part.max, part.optional ? 1 : 0, ...part.linters.map((name) => `'${name}'`)].join(', ')}]`;
}

function renderLine(line: DictionaryLine): string {
  return `  ['${line.first}', '${line.last}', ${JSON.stringify(line.title)}, '${line.flags}', [${line.parts.map(renderPart).join(', ')}]],`;
}

/** The text of gs1-ai-table.ts for a dictionary. */
export function renderAiTable(dictionaryText: string): string {
  const entries = readDictionary(dictionaryText);
  // A newer dictionary may name a check Aisle does not know: the table would then pass values unchecked without anyone deciding so.
  for (const linter of new Set(entries.flatMap((entry) => entry.parts.flatMap((part) => part.linters)))) {
    if (!CHECKED_LINTERS.has(linter) && !UNCHECKED_LINTERS.has(linter)) throw new Error(`The dictionary names the linter "${linter}", which gs1-linters.ts neither runs nor lists as left unchecked.`);
  }
  const lines = linesOf(entries);
  return [
    "// GENERATED by scripts/generate-gs1-ai-table.ts from GS1's Barcode Syntax Dictionary",
    '// (third_party/gs1-syntax-dictionary, Apache-2.0, see its LICENSE and SOURCE.md). Do not edit:',
    '// change the dictionary or the script and run `node scripts/generate-gs1-ai-table.ts`.',
    '// Compact on purpose: every scan-reading process loads this file at start.',
    '',
    '/** A component of an AI\'s value: character set (N digits, X set 82, Y set 39, Z base64url), min and max length, optional (1), then the GS1 linters that check it. */',
    "export type Gs1AiPartRow = readonly ['N' | 'X' | 'Y' | 'Z', number, number, 0 | 1, ...string[]];",
    '',
    '/**',
    ' * AIs from `first` to `last` (the same AI when alone), GS1\'s data title, flags and parts. Flags:',
    ' * `*` predefined length (no FNC1/GS separator needed even when not last), `?` allowed as a GS1',
    ' * Digital Link attribute, `k` a Digital Link primary key, `d` the AI\'s last digit places the',
    ' * decimal point (measures and amounts).',
    ' */',
    'export type Gs1AiRow = readonly [first: string, last: string, title: string, flags: string, parts: readonly Gs1AiPartRow[]];',
    '',
    `/** The ${entries.length} GS1 Application Identifiers of the dictionary, in ${lines.length} rows. */`,
    'export const GS1_AI_ROWS: readonly Gs1AiRow[] = [',
    ...lines.map(renderLine),
    '];',
    '',
  ].join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(TABLE_PATH, renderAiTable(readFileSync(DICTIONARY_PATH, 'utf8')));
  process.stdout.write(`wrote ${TABLE_PATH}\n`);
}
