import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gs1CheckDigit, gs1Date, gtinForms, hasValidCheckDigit, parseScan } from '../../electron/core/shared/gs1/gs1.ts';

const NOW = new Date('2026-11-21T00:00:00Z');
const GS = '\u001d';

describe('GS1 check digits', () => {
  it('accepts published GTIN-8/12/13/14 and SSCC samples', () => {
    for (const code of ['96385074', '036000291452', '4006381333931', '09506000134352', '106141412345678908']) {
      expect(hasValidCheckDigit(code), code).toBe(true);
    }
  });

  it('rejects every single-digit change of a valid code', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{13}$/), fc.nat(12), fc.integer({ min: 1, max: 9 }), (body, position, delta) => {
        const valid = body + gs1CheckDigit(body);
        expect(hasValidCheckDigit(valid)).toBe(true);
        const digits = [...valid];
        digits[position] = String((Number(digits[position]) + delta) % 10);
        expect(hasValidCheckDigit(digits.join(''))).toBe(false);
      }),
    );
  });

  it('lists the stored spellings of a GTIN', () => {
    expect(gtinForms('036000291452')).toEqual(['00036000291452', '0036000291452', '036000291452']);
    expect(gtinForms('4006381333931')).toEqual(['04006381333931', '4006381333931']);
    expect(gtinForms('96385074')).toEqual(['00000096385074', '0000096385074', '000096385074', '96385074']);
  });
});

describe('GS1 dates', () => {
  it('reads YYMMDD, day 00 as the end of the month, leap years included', () => {
    expect(gs1Date('271231', NOW)).toBe('2027-12-31');
    expect(gs1Date('280200', NOW)).toBe('2028-02-29');
    expect(gs1Date('270200', NOW)).toBe('2027-02-28');
    expect(gs1Date('260400', NOW)).toBe('2026-04-30');
  });

  it('applies the sliding century window and refuses impossible dates', () => {
    expect(gs1Date('990101', NOW)).toBe('1999-01-01');
    expect(gs1Date('760101', NOW)).toBe('2076-01-01');
    expect(gs1Date('770101', NOW)).toBe('1977-01-01');
    expect(gs1Date('271301', NOW)).toBeNull();
    expect(gs1Date('270230', NOW)).toBeNull();
    expect(gs1Date('270001', NOW)).toBeNull();
  });
});

describe('parseScan', () => {
  const expected = {
    kind: 'gs1',
    gtin: '09506000134352',
    lot: 'ABC123',
    serial: null,
    expiry: '2027-12-31',
    quantity: null,
    sscc: null,
  };

  it('reads the bracketed form', () => {
    const scan = parseScan('(01)09506000134352(17)271231(10)ABC123', NOW);
    expect(scan).toMatchObject(expected);
    if (scan.kind === 'gs1') expect(scan.elements.map((e) => e.ai)).toEqual(['01', '17', '10']);
  });

  it('reads the raw form with GS and with every common substitute', () => {
    for (const separator of [GS, '<GS>', '\\x1d', '\\u001d', '[GS]', '^]', '~', '|', '{GS}']) {
      const raw = `0109506000134352101ABC123${separator}17271231`.replace('101ABC123', '10ABC123');
      expect(parseScan(raw, NOW), JSON.stringify(separator)).toMatchObject(expected);
    }
  });

  it('reads AIM symbology prefixes and scanner suffixes', () => {
    for (const prefix of [']C1', ']d2', ']Q3', ']e0']) {
      expect(parseScan(`${prefix}010950600013435217271231${'10'}ABC123\r\n`, NOW), prefix).toMatchObject(expected);
    }
    expect(parseScan(`]d2${GS}0109506000134352${GS}17271231${GS}10ABC123`, NOW)).toMatchObject(expected);
  });

  it('reads GS1 Digital Link URIs', () => {
    expect(parseScan('https://id.gs1.org/01/09506000134352/10/ABC123?17=271231', NOW)).toMatchObject(expected);
    expect(parseScan('https://example.com/products/01/9506000134352/21/S%2F1', NOW)).toMatchObject({ kind: 'gs1', gtin: '09506000134352', serial: 'S/1' });
    expect(parseScan('https://id.gs1.org/01/09506000134353', NOW)).toMatchObject({ kind: 'misread' });
    expect(parseScan('https://example.com/about', NOW)).toEqual({ kind: 'plain', text: 'https://example.com/about' });
  });

  it('reads SSCC, serial, count and net weight', () => {
    const scan = parseScan(`(00)106141412345678908`, NOW);
    expect(scan).toMatchObject({ kind: 'gs1', sscc: '106141412345678908', gtin: null });
    const more = parseScan(`01095060001343523103001250${'21'}SN-0001${GS}3712`, NOW);
    expect(more).toMatchObject({ kind: 'gs1', gtin: '09506000134352', serial: 'SN-0001', quantity: 12 });
    if (more.kind === 'gs1') expect(more.elements.find((e) => e.ai === '3103')?.value).toBe('1.250');
  });

  it('reports a wrong check digit as a misread, never a guess', () => {
    const scan = parseScan('(01)09506000134353(10)ABC123', NOW);
    expect(scan).toMatchObject({ kind: 'misread' });
    if (scan.kind === 'misread') expect(scan.reason).toMatch(/check digit/i);
    expect(parseScan('(00)106141412345678909', NOW)).toMatchObject({ kind: 'misread' });
    expect(parseScan(']E04006381333932', NOW)).toMatchObject({ kind: 'misread' });
  });

  it('reports bad dates, missing separators, unknown raw AIs and bad characters as misreads', () => {
    expect(parseScan('(01)09506000134352(17)271301', NOW)).toMatchObject({ kind: 'misread' });
    expect(parseScan('0109506000134352' + '10' + 'A'.repeat(25), NOW)).toMatchObject({ kind: 'misread' });
    expect(parseScan('010950600013435205123', NOW)).toMatchObject({ kind: 'misread' });
    expect(parseScan('(01)0950600013435', NOW)).toMatchObject({ kind: 'misread' });
    expect(parseScan('(10)AB#12', NOW)).toMatchObject({ kind: 'misread' });
  });

  it('keeps plain text and EAN/UPC scans plain', () => {
    expect(parseScan('A-03-02-B', NOW)).toEqual({ kind: 'plain', text: 'A-03-02-B' });
    expect(parseScan(']E04006381333931', NOW)).toEqual({ kind: 'plain', text: '4006381333931' });
    expect(parseScan('  036000291452\n', NOW)).toEqual({ kind: 'plain', text: '036000291452' });
    expect(parseScan('blue widget ~ large', NOW)).toEqual({ kind: 'plain', text: 'blue widget ~ large' });
  });

  it('never throws on arbitrary input', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (raw) => {
        const scan = parseScan(raw, NOW);
        expect(['gs1', 'misread', 'plain']).toContain(scan.kind);
      }),
    );
  });
});
