// Reads what a barcode scanner sends: GS1 element strings (bracketed or raw with FNC1/GS and the
// substitutes keyboard-wedge scanners type), GS1 Digital Link URIs, AIM symbology prefixes, and
// plain GTINs. Every GS1 Application Identifier is known (gs1-ai-table.ts, generated from GS1's
// Barcode Syntax Dictionary) and shown by its GS1 title; check digits, dates and the other GS1
// linters are verified (gs1-linters.ts); anything that does not add up is a `misread` with a
// reason, never a guess.
import type { Gs1Element, ScanParse } from '../../../contract/types.ts';
import { aiAt, aiSpec, allAiSpecs, type AiSpec } from './gs1-ai-index.ts';
import { gs1CheckDigit, hasValidCheckDigit, lint } from './gs1-linters.ts';

export { gs1CheckDigit, hasValidCheckDigit };

const GS = '\u001d';

/**
 * Typed stand-ins for the GS separator. None of these characters is in GS1's character set 82
 * (the set lot and serial values use), so reading them as separators is unambiguous; `<GS>` is
 * the one exception scanners commonly emit, accepted as a whole token.
 */
const GS_SUBSTITUTES = [/\\x1d/gi, /\\u001d/gi, /<GS>/gi, /\{GS\}/gi, /\[GS\]/gi, /\^\]/g, /~/g, /\|/g];

/** AIM symbology identifiers (ISO/IEC 15424) that announce GS1 data, and those of plain EAN/UPC. */
const AIM_GS1 = new Set([']C1', ']d2', ']Q3', ']e0', ']J1']);
const AIM_EAN = new Set([']E0', ']E1', ']E2', ']E3', ']E4', ']X0']);

/** GTIN lengths; a plain scan of these lengths is read as a GTIN (EAN-8, UPC-A, EAN-13, GTIN-14). */
export const GTIN_LENGTHS = new Set([8, 12, 13, 14]);

/** Every stored spelling of one GTIN: the GTIN-14 and its shorter forms (leading zeros dropped). */
export function gtinForms(gtin: string): string[] {
  const g14 = gtin.padStart(14, '0');
  let zeros = 0;
  while (zeros < 14 && g14.charCodeAt(zeros) === 48) zeros++;
  const forms = [g14];
  // a shorter form drops only leading zeros
  for (const length of SHORTER_GTINS) if (14 - length <= zeros) forms.push(g14.slice(14 - length));
  return forms;
}

const SHORTER_GTINS = [13, 12, 8];

/** Removes what scanners add around the data: BOM, NUL, CR/LF/TAB suffixes or prefixes. */
function clean(raw: string): string {
  return raw.replace(/^\uFEFF/, '').replace(/\0/g, '').trim();
}

function isBracketed(data: string): boolean {
  return /^\(\d{2,4}\)/.test(data);
}

/** Looks like a raw GS1 string without an AIM prefix: separators present, or an SSCC/GTIN AI with more after it. */
function looksLikeRawGs1(data: string): boolean {
  if (data.includes(GS) && /^\d{2}/.test(data)) return true;
  if (/^0[12]\d{14}/.test(data) || /^00\d{18}/.test(data)) return true;
  return false;
}

/** A character that starts one of the GS_SUBSTITUTES (most scans have none: nothing to replace). */
const SUBSTITUTE_START = /[\\<{[^~|]/;

function substituteSeparators(data: string): string {
  if (!SUBSTITUTE_START.test(data)) return data;
  let out = data;
  for (const pattern of GS_SUBSTITUTES) out = out.replace(pattern, GS);
  return out;
}

/**
 * Reads one scan. `now` decides the century of two-digit years (GS1's sliding window).
 * A GS1 string gives `gs1`; a broken one (bad check digit, bad date, unknown AI, missing data) gives
 * `misread`; everything else is `plain`, including GTIN-length digits with a bad check digit only
 * when they came without an EAN/UPC symbology prefix (they may be a SKU: search decides).
 */
export function parseScan(raw: string, now: Date = new Date()): ScanParse {
  let data = clean(raw);
  let aim: string | null = null;
  if (/^\][A-Za-z][0-9A-Za-z]/.test(data)) {
    aim = data.slice(0, 3);
    data = data.slice(3);
  }
  if (aim && AIM_EAN.has(aim)) {
    if (!/^\d+$/.test(data) || !GTIN_LENGTHS.has(data.length)) return misread(raw, `An EAN/UPC scan must be 8, 12, 13 or 14 digits; got "${data}".`);
    if (!hasValidCheckDigit(data)) return misread(raw, `Check digit of GTIN ${data} is wrong (expected ${gs1CheckDigit(data.slice(0, -1))}).`);
    return { kind: 'plain', text: data };
  }
  const gs1 = (aim !== null && AIM_GS1.has(aim)) || data.startsWith(GS);
  if (isBracketed(data)) return parseBracketed(raw, data, now);
  if (/^https?:\/\//i.test(data)) return parseDigitalLink(raw, data, now) ?? { kind: 'plain', text: data };
  const withSeparators = substituteSeparators(data);
  if (gs1 || looksLikeRawGs1(withSeparators)) return parseRaw(raw, withSeparators, now);
  return { kind: 'plain', text: data };
}

function parseBracketed(raw: string, data: string, now: Date): ScanParse {
  const elements: Gs1Element[] = [];
  const pattern = /\((\d{2,4})\)([^()]*)/y;
  let at = 0;
  while (at < data.length) {
    pattern.lastIndex = at;
    const match = pattern.exec(data);
    if (!match) return misread(raw, `Unreadable GS1 text at "${data.slice(at, at + 12)}".`);
    const [whole, ai, value] = match;
    const spec = aiSpec(ai);
    const element = readElement(spec, ai, value.replace(new RegExp(GS, 'g'), ''), now);
    if (typeof element === 'string') return misread(raw, element);
    elements.push(element);
    at += whole.length;
  }
  return finish(raw, elements);
}

function parseRaw(raw: string, data: string, now: Date): ScanParse {
  const elements: Gs1Element[] = [];
  let at = 0;
  while (at < data.length) {
    if (data[at] === GS) {
      at++;
      continue;
    }
    const spec = aiAt(data, at);
    if (!spec) return misread(raw, `Unknown GS1 Application Identifier at "${data.slice(at, at + 8)}".`);
    const start = at + spec.ai.length;
    let end: number;
    if (spec.fixed !== null) {
      end = start + spec.fixed;
      if (end > data.length) return misread(raw, `${spec.label} (${spec.ai}) is too short: ${spec.fixed} characters expected.`);
    } else {
      const separator = data.indexOf(GS, start);
      end = separator === -1 ? data.length : separator;
      if (end - start > spec.max) {
        return misread(raw, `${spec.label} (${spec.ai}) is longer than ${spec.max} characters: a separator is probably missing.`);
      }
    }
    const element = readElement(spec, spec.ai, data.slice(start, end), now);
    if (typeof element === 'string') return misread(raw, element);
    elements.push(element);
    at = end;
  }
  return finish(raw, elements);
}

/** Primary keys a GS1 Digital Link URI path starts from (`…/01/<gtin>/10/<lot>?17=<date>`). */
const DIGITAL_LINK_KEYS = new Set(allAiSpecs().filter((spec) => spec.digitalLinkKey).map((spec) => spec.ai));

/**
 * A GS1 Digital Link URI (QR codes on newer packaging): AI/value pairs in the path from a primary
 * key on, more AIs as query parameters. Null when the URL is not one.
 */
function parseDigitalLink(raw: string, data: string, now: Date): ScanParse | null {
  let url: URL;
  try {
    url = new URL(data);
  } catch {
    return null;
  }
  const segments = url.pathname.split('/').filter((segment) => segment !== '');
  const start = segments.findIndex((segment, i) => DIGITAL_LINK_KEYS.has(segment) && i + 1 < segments.length);
  if (start === -1) return null;
  const pairs: [string, string][] = [];
  for (let i = start; i + 1 < segments.length; i += 2) pairs.push([segments[i], segments[i + 1]]);
  for (const [key, value] of url.searchParams) if (/^\d{2,4}$/.test(key)) pairs.push([key, value]);
  const elements: Gs1Element[] = [];
  for (const [ai, encoded] of pairs) {
    let value: string;
    try {
      value = decodeURIComponent(encoded);
    } catch {
      return misread(raw, `Unreadable value for AI (${ai}) in the link.`);
    }
    // GTINs in links may be 8, 12 or 13 digits: GS1 pads them to 14.
    if (ai === '01' && /^\d{8}$|^\d{12,13}$/.test(value)) value = value.padStart(14, '0');
    const element = readElement(aiSpec(ai), ai, value, now);
    if (typeof element === 'string') return misread(raw, element);
    elements.push(element);
  }
  return finish(raw, elements);
}

/** Validates one element; returns it, or the reason it is a misread. */
function readElement(spec: AiSpec | undefined, ai: string, value: string, now: Date): Gs1Element | string {
  if (!spec) {
    // Unknown AI in bracketed form: its extent is clear, so keep it without interpreting it.
    if (value.length === 0 || value.length > 90) return `AI (${ai}) has no usable value.`;
    return { ai, label: 'UNKNOWN AI', value };
  }
  if (value.length === 0) return `${spec.label} (${ai}) is empty.`;
  if (spec.fixed !== null && value.length !== spec.fixed) return `${spec.label} (${ai}) must be ${spec.fixed} characters; got ${value.length}.`;
  if (value.length > spec.max) return `${spec.label} (${ai}) is longer than ${spec.max} characters.`;
  if (value.length < spec.min) return `${spec.label} (${ai}) is too short: at least ${spec.min} characters expected; got ${value.length}.`;
  const problem = checkParts(spec, value);
  if (problem) return problem;
  if (spec.format === 'date') {
    const date = value.length === 8 ? `${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6)}` : gs1Date(value, now);
    if (!date) return `${spec.label} (${ai}) is not a valid date: ${value}.`;
    return { ai, label: spec.label, value: date };
  }
  if (spec.format === 'decimal') return { ai, label: spec.label, value: withDecimalPoint(value, spec.decimals) };
  return { ai, label: spec.label, value };
}

const CHARACTER_SETS = {
  N: { pattern: /^\d+$/, problem: 'must be digits' },
  X: { pattern: /^[!"%&'()*+,\-./0-9:;<=>?A-Z_a-z]+$/, problem: 'holds characters GS1 does not allow' },
  Y: { pattern: /^[#\-/0-9A-Z]+$/, problem: 'holds characters outside GS1 character set 39 (A-Z, 0-9, # - /)' },
  Z: { pattern: /^[A-Za-z0-9_-]+={0,2}$/, problem: 'holds characters outside base64url' },
} as const;

/** Splits the value into the AI's components (only the last may vary in length) and checks each. */
function checkParts(spec: AiSpec, value: string): string | null {
  let at = 0;
  for (let index = 0; index < spec.parts.length; index++) {
    const part = spec.parts[index];
    if (at === value.length && part.optional) break;
    const piece = value.slice(at, part.min === part.max ? at + part.max : value.length);
    if (piece.length < part.min) return `${partName(spec, index)} is too short: ${part.min} characters expected.`;
    if (piece.length > part.max) return `${partName(spec, index)} is longer than ${part.max} characters.`;
    const set = CHARACTER_SETS[part.cset];
    if (!set.pattern.test(piece)) return `${partName(spec, index)} ${set.problem}; got "${piece}".`;
    for (const linter of part.linters) {
      const problem = lint(linter, piece);
      if (problem === null) continue;
      if (linter === 'csum' && spec.checkDigit) return `Check digit of ${spec.label} ${piece} is wrong (expected ${gs1CheckDigit(piece.slice(0, -1))}).`;
      return `${partName(spec, index)}: ${problem}.`;
    }
    at += piece.length;
  }
  return at === value.length ? null : `${spec.label} (${spec.ai}) is longer than its parts allow.`;
}

/** Names a component in a misread's reason ("PROD TIME (8008) part 2"); only built when something is wrong. */
function partName(spec: AiSpec, index: number): string {
  return spec.parts.length === 1 ? `${spec.label} (${spec.ai})` : `${spec.label} (${spec.ai}) part ${index + 1}`;
}

/** Measures and amounts: the AI's last digit places the decimal point ("001250" with 3 is "1.250"). */
function withDecimalPoint(digits: string, decimals: number): string {
  const padded = digits.padStart(decimals + 1, '0');
  const whole = padded.slice(0, padded.length - decimals).replace(/^0+(?=\d)/, '');
  return decimals === 0 ? whole : `${whole}.${padded.slice(padded.length - decimals)}`;
}

/**
 * YYMMDD to an ISO date. Day 00 means the last day of the month. The century follows GS1's rule:
 * a year more than 50 years ahead is in the past century, more than 49 years back in the next.
 */
export function gs1Date(value: string, now: Date = new Date()): string | null {
  if (!/^\d{6}$/.test(value)) return null;
  const yy = Number(value.slice(0, 2));
  const month = Number(value.slice(2, 4));
  let day = Number(value.slice(4, 6));
  const current = now.getUTCFullYear();
  const century = Math.floor(current / 100) * 100;
  let year = century + yy;
  const diff = yy - (current % 100);
  if (diff >= 51) year -= 100;
  else if (diff <= -50) year += 100;
  if (month < 1 || month > 12) return null;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day === 0) day = lastDay;
  if (day > lastDay) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function finish(raw: string, elements: Gs1Element[]): ScanParse {
  if (elements.length === 0) return misread(raw, 'The scan holds no GS1 data.');
  const seen = new Map<string, string>();
  for (const element of elements) {
    const before = seen.get(element.ai);
    if (before !== undefined && before !== element.value) return misread(raw, `AI (${element.ai}) appears twice with different values.`);
    seen.set(element.ai, element.value);
  }
  const quantity = seen.get('30') ?? seen.get('37');
  return {
    kind: 'gs1',
    elements,
    gtin: seen.get('01') ?? seen.get('02') ?? null,
    lot: seen.get('10') ?? null,
    serial: seen.get('21') ?? null,
    expiry: seen.get('17') ?? null,
    quantity: quantity === undefined ? null : Number(quantity),
    sscc: seen.get('00') ?? null,
  };
}

function misread(raw: string, reason: string): ScanParse {
  return { kind: 'misread', reason, raw: raw.replace(/[\u0000-\u001f]/g, (c) => (c === GS ? '<GS>' : '')) };
}
