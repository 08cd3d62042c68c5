import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { allAiSpecs, type AiSpec, type Gs1AiPart } from '../../electron/core/shared/gs1/gs1-ai-index.ts';
import { CHECKED_LINTERS, gs1CheckPair, UNCHECKED_LINTERS } from '../../electron/core/shared/gs1/gs1-linters.ts';
import { gs1CheckDigit, parseScan } from '../../electron/core/shared/gs1/gs1.ts';
import { DICTIONARY_PATH, readDictionary, renderAiTable, TABLE_PATH } from '../../scripts/generate-gs1-ai-table.ts';

const NOW = new Date('2026-11-21T00:00:00Z');
const GS = '\u001d';
const dictionary = readFileSync(DICTIONARY_PATH, 'utf8');

describe('the generated GS1 AI table', () => {
  it('is what the generator makes from the dictionary in the repository', () => {
    expect(readFileSync(TABLE_PATH, 'utf8')).toBe(renderAiTable(dictionary));
  });

  it('holds every AI of the dictionary, ranges expanded, each with a title', () => {
    const lines = dictionary.split('\n').filter((line) => /^\d/.test(line));
    const expected = lines.flatMap((line) => {
      const [first, last = first] = line.split(/\s/)[0].split('-');
      return Array.from({ length: Number(last) - Number(first) + 1 }, (_, i) => String(Number(first) + i).padStart(first.length, '0'));
    });
    const specs = allAiSpecs();
    expect(specs.map((spec) => spec.ai)).toEqual(expected);
    expect(specs.length).toBeGreaterThan(500);
    for (const spec of specs) expect(spec.label, spec.ai).toMatch(/\S/);
    for (const ai of ['242', '7001', '8008', '3925', '8110']) expect(specs.some((spec) => spec.ai === ai), ai).toBe(true);
  });

  it('knows every linter the dictionary names: run, or knowingly left unchecked', () => {
    const named = new Set(readDictionary(dictionary).flatMap((entry) => entry.parts.flatMap((part) => part.linters)));
    for (const linter of named) expect(CHECKED_LINTERS.has(linter) || UNCHECKED_LINTERS.has(linter), linter).toBe(true);
    for (const linter of ['csum', 'csumalpha', 'yymmd0', 'yymmdd']) expect(CHECKED_LINTERS.has(linter), linter).toBe(true);
  });

  it('takes the FNC1 rule from the dictionary: predefined-length AIs need no separator', () => {
    const separatorFree = allAiSpecs().filter((spec) => !spec.separatorRequired).map((spec) => spec.ai);
    expect(separatorFree).toEqual(expect.arrayContaining(['00', '01', '02', '03', '11', '17', '20', '3103', '3695', '410', '417']));
    expect(separatorFree).not.toEqual(expect.arrayContaining(['10']));
    for (const ai of ['10', '21', '242', '7001', '8005', '422']) expect(separatorFree, ai).not.toContain(ai);
  });
});

// Characters of set 82 except the parentheses (they would end a value in the bracketed form) and "%"
// (a percent-encoded part must not have a bare one).
const X_CHARS = 'AZaz09!"&\'*+,-./:;<=>?_';
const Y_CHARS = 'AZ09#-/';
const Z_CHARS = 'AZaz09-_';

const cycle = (chars: string, length: number, offset = 0) => Array.from({ length }, (_, i) => chars[(i + offset) % chars.length]).join('');
const digits = (length: number) => cycle('1234567890', length);

/** A value of `length` characters that the part's character set and every linter accept. */
function validPiece(part: Gs1AiPart, length: number): string {
  const linters = new Set(part.linters);
  if (linters.has('csum')) return digits(length - 1) + gs1CheckDigit(digits(length - 1));
  if (linters.has('csumalpha')) {
    const body = cycle('AB12cd', Math.max(length, 3) - 2);
    return body + gs1CheckPair(body);
  }
  const fixedValues: [string, string][] = [
    ['yymmd0', '271231'], ['yymmdd', '271231'], ['yyyymmdd', '20271231'], ['hhmi', '1430'], ['hh', '14'], ['mi', '30'], ['ss', '45'],
    ['zero', '0'], ['yesno', '1'], ['winding', '9'], ['iso5218', '2'], ['hyphen', '-'], ['latitude', '1234567890'], ['longitude', '3456789012'],
    ['iso3166', '276'], ['iso3166999', '999'], ['iso4217', '978'], ['iso3166alpha2', 'DE'], ['iban', 'GB82WEST12345698765432'],
    ['mediatype', '01'], ['posinseqslash', '1/2'], ['pieceoftotal', '0102'],
  ];
  for (const [linter, value] of fixedValues) if (linters.has(linter)) return value;
  if (linters.has('nonzero')) return '0'.repeat(length - 1) + '7';
  if (part.cset === 'N') return digits(length);
  if (part.cset === 'Y') return cycle(Y_CHARS, length);
  if (part.cset === 'Z') return cycle(Z_CHARS, length);
  return cycle(X_CHARS, length);
}

/** A valid value for the AI: every mandatory part, and the optional ones too when `full`; variable parts at `longest` or 1. */
function validValue(spec: AiSpec, full: boolean, longest: boolean): string {
  const parts = full ? spec.parts : spec.parts.filter((part) => !part.optional);
  return parts.map((part) => validPiece(part, longest ? part.max : part.min)).join('');
}

/** What the parser should show for the value: dates as ISO dates, measures with their decimal point. */
function shown(spec: AiSpec, value: string): string {
  if (spec.format === 'date') return value.length === 8 ? `${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6)}` : `20${value.slice(0, 2)}-${value.slice(2, 4)}-${value.slice(4)}`;
  if (spec.format !== 'decimal' || spec.decimals === 0) return spec.format === 'decimal' ? String(BigInt(value)) : value;
  const scale = 10n ** BigInt(spec.decimals);
  return `${BigInt(value) / scale}.${value.padStart(spec.decimals, '0').slice(-spec.decimals)}`;
}

const SAMPLES = allAiSpecs().flatMap((spec) => [
  { spec, value: validValue(spec, false, false) },
  { spec, value: validValue(spec, true, true) },
]);

function elementsOf(raw: string) {
  const scan = parseScan(raw, NOW);
  if (scan.kind !== 'gs1') throw new Error(`${JSON.stringify(raw)} read as ${JSON.stringify(scan)}`);
  return scan.elements;
}

describe('every GS1 AI round-trips', () => {
  it('alone, raw after a symbology identifier and bracketed', () => {
    for (const { spec, value } of SAMPLES) {
      const expected = [{ ai: spec.ai, label: spec.label, value: shown(spec, value) }];
      expect(elementsOf(`]C1${spec.ai}${value}`), `${spec.ai} ${value}`).toEqual(expected);
      expect(elementsOf(`(${spec.ai})${value}`), `(${spec.ai}) ${value}`).toEqual(expected);
    }
  });

  it('between other AIs, with a GS only where the AI is not of predefined length', () => {
    for (const { spec, value } of SAMPLES) {
      const separator = spec.separatorRequired ? GS : '';
      // Neighbours other than the AI itself: an AI twice with different values is a misread.
      const [before, after] = [['0109506000134352', '00106141412345678908'], ['10LOT7', '21SER9']].map((pair) => pair.find((element) => !element.startsWith(spec.ai))!);
      const raw = `]C1${before}${spec.ai}${value}${separator}${after}${GS}17271231`;
      const elements = elementsOf(raw);
      expect(elements.map((e) => e.ai), raw).toEqual([before.slice(0, 2), spec.ai, after.slice(0, 2), '17']);
      expect(elements[1], raw).toEqual({ ai: spec.ai, label: spec.label, value: shown(spec, value) });
    }
  });

  it('all of them in one element string, in order and reversed', () => {
    const samples = SAMPLES.filter((_, i) => i % 2 === 1);
    for (const ordered of [samples, [...samples].reverse()]) {
      const raw = ']C1' + ordered.map(({ spec, value }, i) => spec.ai + value + (spec.separatorRequired && i < ordered.length - 1 ? GS : '')).join('');
      expect(elementsOf(raw)).toEqual(ordered.map(({ spec, value }) => ({ ai: spec.ai, label: spec.label, value: shown(spec, value) })));
    }
  });
});

describe('GS1 linters on scans', () => {
  it('reads AIs the old table did not know, by their title', () => {
    expect(elementsOf(`]C10109506000134352242123456${GS}70011234567890123${GS}800827123114`)).toEqual([
      { ai: '01', label: 'GTIN', value: '09506000134352' },
      { ai: '242', label: 'MTO VARIANT', value: '123456' },
      { ai: '7001', label: 'NSN', value: '1234567890123' },
      { ai: '8008', label: 'PROD TIME', value: '27123114' },
    ]);
    expect(elementsOf('(3922)1250')).toEqual([{ ai: '3922', label: 'PRICE', value: '12.50' }]);
    expect(elementsOf('(3103)001250')).toEqual([{ ai: '3103', label: 'NET WEIGHT (kg)', value: '1.250' }]);
  });

  it('checks the GS1 check character pair on GS1\'s published GMN', () => {
    expect(gs1CheckPair('1987654Ad4X4bL5ttr2310c')).toBe('2K');
    expect(elementsOf('(8013)1987654Ad4X4bL5ttr2310c2K')[0].label).toBe('GMN');
    expect(parseScan('(8013)1987654Ad4X4bL5ttr2310c2L', NOW)).toMatchObject({ kind: 'misread', reason: expect.stringMatching(/GMN \(8013\).*check characters.*2K/) });
  });

  it('refuses a broken component and says which', () => {
    const cases: [string, RegExp][] = [
      ['(8008)27123125', /PROD TIME \(8008\) part 2: 25 is not an hour/],
      ['(7006)271200', /FIRST FREEZE DATE \(7006\).*not a valid date/],
      ['(8006)095060001343520302', /ITIP \(8006\) part 2: piece 3 of 2/],
      ['(253)4006381333932ABC', /GDTI \(253\) part 1: check digit is wrong \(expected 1\)/],
      ['(4321)2', /DANGEROUS GOODS \(4321\).*0 \(no\) or 1 \(yes\)/],
      ['(8010)ab', /CPID \(8010\).*character set 39/],
      ['(8007)GB82WEST12345698765431', /IBAN \(8007\).*checksum/],
      ['(4300)50%ZZ', /SHIP TO COMP \(4300\).*"%"/],
    ];
    for (const [raw, reason] of cases) expect(parseScan(raw, NOW), raw).toMatchObject({ kind: 'misread', reason: expect.stringMatching(reason) });
  });

  it('keeps a value whose check needs a code list it does not ship (generic fallback)', () => {
    expect(elementsOf('(422)000')).toEqual([{ ai: '422', label: 'ORIGIN', value: '000' }]);
  });

  it('reads Digital Link primary keys the dictionary names', () => {
    const scan = parseScan('https://example.com/8013/1987654Ad4X4bL5ttr2310c2K', NOW);
    expect(scan).toMatchObject({ kind: 'gs1', elements: [{ ai: '8013', label: 'GMN', value: '1987654Ad4X4bL5ttr2310c2K' }] });
  });
});
