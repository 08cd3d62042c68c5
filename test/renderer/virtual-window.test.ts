import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { HEIGHT_CAP, rowWindow, scrollTopFor } from '../../renderer/src/shared/table/window.ts';
import { PageCache } from '../../renderer/src/shared/table/page-cache.ts';

describe('the virtual window', () => {
  it('maps exactly while the rows fit under the height cap', () => {
    const w = rowWindow({ scrollTop: 380, viewport: 400, rowHeight: 38, total: 1000 });
    expect(w.virtualHeight).toBe(38_000);
    expect(w.first).toBe(10);
    expect(w.shift).toBe(0);
    expect(w.count).toBe(Math.ceil(400 / 38) + 1);
  });

  it('squeezes 1,000,000 rows under the cap and still reaches the last row', () => {
    const input = { viewport: 600, rowHeight: 38, total: 1_000_000 };
    const top = rowWindow({ ...input, scrollTop: 0 });
    expect(top.virtualHeight).toBe(HEIGHT_CAP);
    expect(top.first).toBe(0);
    const bottom = rowWindow({ ...input, scrollTop: HEIGHT_CAP - 600 });
    expect(bottom.first + bottom.count).toBe(1_000_000);
    const middle = rowWindow({ ...input, scrollTop: (HEIGHT_CAP - 600) / 2 });
    expect(middle.first).toBeGreaterThan(499_000);
    expect(middle.first).toBeLessThan(501_000);
  });

  it('scrolls any row into full view, at any size', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5_000_000 }), fc.nat(), fc.integer({ min: 100, max: 2000 }), fc.constantFrom(38, 52), (total, r, viewport, rowHeight) => {
        const row = r % total;
        const scrollTop = scrollTopFor(row, { scrollTop: 0, viewport, rowHeight, total });
        const w = rowWindow({ scrollTop, viewport, rowHeight, total });
        expect(row).toBeGreaterThanOrEqual(w.first);
        expect(row).toBeLessThan(w.first + w.count);
        const rowTop = (row - w.first) * rowHeight - w.shift;
        // Fully visible, give or take the sub-pixel rounding of a squeezed scroll position.
        const slack = Math.max(1, (total * rowHeight) / HEIGHT_CAP);
        expect(rowTop).toBeGreaterThanOrEqual(-slack);
        expect(rowTop + rowHeight).toBeLessThanOrEqual(viewport + slack);
      }),
    );
  });

  it('draws nothing for an empty list', () => {
    expect(rowWindow({ scrollTop: 0, viewport: 500, rowHeight: 38, total: 0 })).toEqual({ virtualHeight: 0, first: 0, count: 0, shift: 0 });
  });
});

describe('the page cache', () => {
  it('loads each page once and serves rows from it', async () => {
    const cache = new PageCache(10, 3);
    const loads: number[] = [];
    const load = async (offset: number, limit: number) => {
      loads.push(offset);
      return Array.from({ length: limit }, (_, i) => ({ id: String(offset + i) }));
    };
    expect(await cache.ensure(5, 10, load)).toBe(true);
    expect(loads).toEqual([0, 10]);
    expect(cache.row(14)).toEqual({ id: '14' });
    expect(await cache.ensure(0, 20, load)).toBe(false);
    expect(loads).toEqual([0, 10]);
  });

  it('drops answers that arrive after the view changed', async () => {
    const cache = new PageCache(10);
    let release: () => void = () => {};
    const slow = () => new Promise<{ id: string }[]>((resolve) => (release = () => resolve([{ id: 'old' }])));
    const pending = cache.ensure(0, 1, slow);
    cache.reset();
    release();
    expect(await pending).toBe(false);
    expect(cache.row(0)).toBeUndefined();
  });

  it('keeps at most maxPages pages, dropping the least recently used', async () => {
    const cache = new PageCache(1, 2);
    const load = async (offset: number) => [{ id: String(offset) }];
    await cache.ensure(0, 1, load);
    await cache.ensure(1, 1, load);
    await cache.ensure(0, 1, load); // 0 used again
    await cache.ensure(2, 1, load); // evicts 1
    expect(cache.row(0)).toEqual({ id: '0' });
    expect(cache.row(1)).toBeUndefined();
    expect(cache.row(2)).toEqual({ id: '2' });
  });
});
