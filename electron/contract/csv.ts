// The one CSV writer of Aisle, pure (no Node APIs), for the core's exports and the renderer's scan
// list alike. RFC 4180: fields quoted when they hold a comma, quote, CR or LF (or start or end with
// a space), quotes doubled. A cell a spreadsheet would run as a formula (a scanned label or a
// server's record saying `=HYPERLINK(...)`, `+1`, `@SUM(A1)`) is written as text: a leading `'`,
// as OWASP advises for CSV injection. Numbers are written as numbers, so a negative quantity stays
// a negative quantity.

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

/** One field, quoted when needed. Objects become JSON; null and undefined become empty. */
export function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  let text = typeof value === 'string' ? value : JSON.stringify(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || /^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(values: readonly unknown[], lineEnd: CsvLayout['lineEnd'] = '\r\n'): string {
  return values.map(csvField).join(',') + lineEnd;
}

/** A whole file in memory (small lists such as the scan list): header, rows, the layout's BOM. */
export function csvText(header: readonly string[], rows: readonly (readonly unknown[])[], layout: CsvLayout = EXCEL_LAYOUT): string {
  return (layout.bom ? UTF8_BOM : '') + [header, ...rows].map((row) => csvLine(row, layout.lineEnd)).join('');
}
