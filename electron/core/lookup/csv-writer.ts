// Streams CSV rows to a file or a download, honouring the stream's backpressure. The cells and
// lines come from the contract's one CSV writer (csv.ts), shared with the renderer's scan list.
import type { Writable } from 'node:stream';
import { csvLine, EXCEL_LAYOUT, UTF8_BOM, type CsvLayout } from '../../contract/csv.ts';

export interface CsvColumn {
  key: string;
  label: string;
  /** What the cell says of the row's value, when not the value itself. */
  text?: (value: unknown) => unknown;
}

/**
 * Writes a header and every row to `out`, waiting for 'drain' when the stream asks, and resolves to
 * the number of data rows. Does not end the stream.
 */
export async function writeCsvRows(
  out: Writable,
  columns: readonly CsvColumn[],
  rows: Iterable<Record<string, unknown>>,
  layout: CsvLayout = EXCEL_LAYOUT,
): Promise<number> {
  let pending = (layout.bom ? UTF8_BOM : '') + csvLine(columns.map((column) => column.label), layout.lineEnd);
  let count = 0;
  for (const row of rows) {
    pending += csvLine(columns.map((column) => (column.text ? column.text(row[column.key]) : row[column.key])), layout.lineEnd);
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
