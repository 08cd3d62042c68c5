// The arithmetic of a virtual list that can hold more rows than a browser can make tall.
// Browsers cap an element's height (Chromium near 33.5 M px, Firefox near 17.9 M px), so 1,000,000
// rows of 40 px cannot be laid out as they are. Past `cap` the scrollable height is squeezed, and a
// scroll position maps proportionally onto the real offset. Below the cap the mapping is exact.

export const HEIGHT_CAP = 8_000_000;

export interface WindowInput {
  scrollTop: number;
  /** Height available to rows (the scroller minus its sticky header). */
  viewport: number;
  rowHeight: number;
  total: number;
  cap?: number;
}

export interface RowWindow {
  /** Height of the scrollable spacer. */
  virtualHeight: number;
  /** First row drawn, and how many. */
  first: number;
  count: number;
  /** Pixels of the first row hidden above the top edge. */
  shift: number;
}

function scale(viewport: number, rowHeight: number, total: number, cap: number) {
  const realHeight = total * rowHeight;
  const virtualHeight = Math.min(realHeight, cap);
  const maxVirtual = Math.max(0, virtualHeight - viewport);
  const maxReal = Math.max(0, realHeight - viewport);
  return { realHeight, virtualHeight, maxVirtual, maxReal };
}

export function rowWindow({ scrollTop, viewport, rowHeight, total, cap = HEIGHT_CAP }: WindowInput): RowWindow {
  const s = scale(viewport, rowHeight, total, cap);
  if (total === 0 || rowHeight <= 0) return { virtualHeight: 0, first: 0, count: 0, shift: 0 };
  const top = Math.min(Math.max(0, scrollTop), s.maxVirtual);
  const real = s.maxVirtual > 0 ? (top * s.maxReal) / s.maxVirtual : 0;
  const first = Math.min(Math.floor(real / rowHeight), total - 1);
  const shift = real - first * rowHeight;
  const count = Math.min(total - first, Math.ceil((viewport + shift) / rowHeight) + 1);
  return { virtualHeight: s.virtualHeight, first, count, shift };
}

/** The scrollTop that shows `row` fully, moving as little as possible from `current`. */
export function scrollTopFor(row: number, current: WindowInput): number {
  const { viewport, rowHeight, total, cap = HEIGHT_CAP } = current;
  const s = scale(viewport, rowHeight, total, cap);
  if (s.maxReal === 0) return 0;
  const nowReal = s.maxVirtual > 0 ? (Math.min(current.scrollTop, s.maxVirtual) * s.maxReal) / s.maxVirtual : 0;
  const rowTop = row * rowHeight;
  let real = nowReal;
  if (rowTop < nowReal) real = rowTop;
  else if (rowTop + rowHeight > nowReal + viewport) real = rowTop + rowHeight - viewport;
  real = Math.min(Math.max(0, real), s.maxReal);
  // Round towards the row so that a squeezed scroll position never leaves it partly hidden.
  const exact = (real * s.maxVirtual) / s.maxReal;
  return real < nowReal ? Math.floor(exact) : Math.ceil(exact);
}
