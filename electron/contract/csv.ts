// The one CSV writer of Aisle, pure (no Node APIs), for the core's exports and the renderer's scan
// list alike. RFC 4180: fields quoted when they hold a comma, quote, CR or LF (or start or end with
// a space), quotes doubled. A cell a spreadsheet would run as a formula (a scanned label or a
// server's record saying `=HYPERLINK(...)`, `+1`, `@SUM(A1)`) is written as text: a leading `'`,
// as OWASP advises for CSV injection. Numbers are written as numbers, so a negative quantity stays
// a negative quantity. A code of digits a spreadsheet would alter is written so that it keeps it
// (`keepCode`), and a moment in a time zone people read, with its offset (`zonedTime`).

export const UTF8_BOM = '\uFEFF';

/** How a file is laid out: Excel wants a byte order mark (to read UTF-8) and CRLF line ends. */
export interface CsvLayout {
  bom: boolean;
  lineEnd: '\r\n' | '\n';
}

export const EXCEL_LAYOUT: CsvLayout = { bom: true, lineEnd: '\r\n' };
export const PLAIN_LAYOUT: CsvLayout = { bom: false, lineEnd: '\n' };

export function csvLayout(forExcel: boolean): CsvLayout {
  return forExcel ? EXCEL_LAYOUT : PLAIN_LAYOUT;
}

/** Characters that make a spreadsheet read a cell as a formula when they come first. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A code made of digits that a spreadsheet would turn into a number, losing what makes it the code:
 * a UPC or GTIN's leading zeros (`036000291452` read as 36000291452), or a long serial's last
 * digits (past 15 digits a spreadsheet rounds: `12345678901234567890` read as 1.23457E+19).
 */
export class CodeText {
  readonly digits: string;
  constructor(digits: string) {
    this.digits = digits;
  }
}

const CODE_A_SPREADSHEET_ALTERS = /^(0\d+|\d{16,})$/;

/** `value` as a code a spreadsheet keeps when it is one it would alter (see CodeText), else as is. */
export function keepCode(value: unknown): unknown {
  return typeof value === 'string' && CODE_A_SPREADSHEET_ALTERS.test(value) ? new CodeText(value) : value;
}

/** One field, quoted when needed. Objects become JSON; null and undefined become empty. */
export function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  // A code goes in as a formula whose result is its text, `="036000291452"` (quoted as a CSV field
  // must be that holds quotes). Excel and LibreOffice Calc both evaluate formulas when they open a
  // CSV file and show the text, leading zeros and every digit kept. A leading apostrophe or tab
  // would not do: read from a file rather than typed, both spreadsheets keep it in the cell as a
  // character, and the code no longer matches a scan. Only digits go in, so the formula can never
  // be anything but that text: the guard against formula injection below stays whole. Tried on
  // LibreOffice by test/lookup/csv-spreadsheet.test.ts (the bare code loses its zero there).
  if (value instanceof CodeText) return /^\d+$/.test(value.digits) ? `"=""${value.digits}"""` : csvField(value.digits);
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  let text = typeof value === 'string' ? value : JSON.stringify(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || /^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * A moment in the given time zone as people read it, with the zone's offset after it so that the
 * file says which moment it is: `2026-11-21 07:00:00 +01:00`. A value that is no time is kept as is.
 */
export function zonedTime(iso: unknown, timeZone: string): unknown {
  if (typeof iso !== 'string') return iso;
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  const parts = Object.fromEntries(zoneFormat(timeZone).formatToParts(at).map((p) => [p.type, p.value]));
  // `GMT+01:00`; Greenwich's own zone may read `GMT` alone
  const offset = (parts.timeZoneName ?? '').replace(/^GMT/, '') || '+00:00';
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second} ${offset}`;
}

const zoneFormats = new Map<string, Intl.DateTimeFormat>();

/** A formatter for the zone; throws a RangeError for a zone that Intl does not know. */
export function zoneFormat(timeZone: string): Intl.DateTimeFormat {
  let format = zoneFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23', timeZoneName: 'longOffset' });
    zoneFormats.set(timeZone, format);
  }
  return format;
}

/** The zone this process runs in: the workstation's, when nothing else is said. */
export function localTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

export function csvLine(values: readonly unknown[], lineEnd: CsvLayout['lineEnd'] = '\r\n'): string {
  return values.map(csvField).join(',') + lineEnd;
}

/** A whole file in memory (small lists such as the scan list): header, rows, the layout's BOM. */
export function csvText(header: readonly string[], rows: readonly (readonly unknown[])[], layout: CsvLayout = EXCEL_LAYOUT): string {
  return (layout.bom ? UTF8_BOM : '') + [header, ...rows].map((row) => csvLine(row, layout.lineEnd)).join('');
}
