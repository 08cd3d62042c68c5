// Column widths in pixels at a text size of 100 % (the grid scales them with the text size): the
// width a column starts at, by what it holds, and the bounds of a width the user sets.
import type { ColumnInfo } from '@contract/types.ts';

export const MIN_WIDTH = 80;
export const MAX_WIDTH = 1000;
/** One press of the chooser's narrower / wider buttons. */
export const WIDTH_STEP = 40;

const WIDE = /description|name|title|address|notes|email/i;

/** A server's own field shows its name under a heading that says so: room for both beside its filter. */
const SERVER_FIELD = 190;

export function defaultWidth(column: ColumnInfo, index: number): number {
  // a signed change with its direction in words: "±0 no change", "+1,250 entrada"
  if (column.stockChange) return 180;
  if (index === 0) return 220;
  if (WIDE.test(column.role ?? column.key)) return 340;
  const width = column.type === 'number' ? 130 : column.type === 'boolean' ? 120 : column.type === 'date' ? 200 : 210;
  return column.role ? width : Math.max(width, SERVER_FIELD);
}

export function clampWidth(width: number): number {
  return Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, Math.round(width)));
}
