// CSV as RFC 4180 says: CRLF line ends, fields quoted when they hold a comma, quote, CR or LF,
// quotes doubled; UTF-8 with a byte order mark so spreadsheet programs read accents right; a
// header row. Rows are written as they come, honouring the stream's backpressure.
import type { Writable } from 'node:stream';

export const UTF8_BOM = '\uFEFF';

/** One field, quoted when needed. Objects become JSON; null and undefined become empty. */
export function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text: string;
  if (typeof value === 'string') text = value;
  else if (typeof value === 'number' || typeof value === 'bigint') text = String(value);
  else if (typeof value === 'boolean') text = value ? 'true' : 'false';
  else text = JSON.stringify(value);
  return /[",\r\n]/.test(text) || /^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(values: readonly unknown[]): string {
  return values.map(csvField).join(',') + '\r\n';
}

export interface CsvColumn {
  key: string;
  label: string;
}

/**
 * Writes a header and every row to `out`, waiting for 'drain' when the stream asks, and resolves to
 * the number of data rows. Does not end the stream.
 */
export async function writeCsvRows(
  out: Writable,
  columns: readonly CsvColumn[],
  rows: Iterable<Record<string, unknown>>,
  options: { bom?: boolean } = {},
): Promise<number> {
  let pending = (options.bom ?? true ? UTF8_BOM : '') + csvLine(columns.map((column) => column.label));
  let count = 0;
  for (const row of rows) {
    pending += csvLine(columns.map((column) => row[column.key]));
    count++;
    // Batch small lines into ~64 KiB writes; wait when the stream's buffer is full.
    if (pending.length >= 65_536) {
      const more = out.write(pending, 'utf8');
      pending = '';
      if (!more) await drained(out);
    }
  }
  if (pending.length > 0 && !out.write(pending, 'utf8')) await drained(out);
  return count;
}

/** Waits for 'drain'; rejects when the stream closes or fails first (a download cancelled half-way). */
function drained(out: Writable): Promise<void> {
  if (out.destroyed) return Promise.reject(new Error('The output closed before the export finished.'));
  return new Promise((resolve, reject) => {
    const settle = (error?: Error) => {
      out.off('drain', onDrain);
      out.off('close', onClose);
      out.off('error', settle);
      if (error) reject(error);
      else resolve();
    };
    const onDrain = () => settle();
    const onClose = () => settle(new Error('The output closed before the export finished.'));
    out.on('drain', onDrain);
    out.on('close', onClose);
    out.on('error', settle);
  });
}
