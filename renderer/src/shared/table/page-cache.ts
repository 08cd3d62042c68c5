// Rows fetched by page, kept for the current view only, the oldest pages dropped past a limit.
export type Row = Record<string, unknown>;
export type PageLoader = (offset: number, limit: number) => Promise<Row[] | null>;

export class PageCache {
  private pages = new Map<number, Row[]>();
  private pending = new Set<number>();
  private version = 0;
  readonly pageSize: number;
  private readonly maxPages: number;

  constructor(pageSize = 200, maxPages = 40) {
    this.pageSize = pageSize;
    this.maxPages = maxPages;
  }

  row(index: number): Row | undefined {
    return this.pages.get(Math.floor(index / this.pageSize))?.[index % this.pageSize];
  }

  /** Forgets everything (the view changed); answers still in flight are dropped. */
  reset(): void {
    this.pages.clear();
    this.pending.clear();
    this.version++;
  }

  /** Loads the pages covering rows [first, first + count); resolves true if anything new arrived. */
  async ensure(first: number, count: number, load: PageLoader): Promise<boolean> {
    const from = Math.floor(first / this.pageSize);
    const to = Math.floor((first + Math.max(count, 1) - 1) / this.pageSize);
    const version = this.version;
    const wanted: Promise<boolean>[] = [];
    for (let page = from; page <= to; page++) {
      if (this.pages.has(page)) {
        const rows = this.pages.get(page)!;
        this.pages.delete(page);
        this.pages.set(page, rows); // most recently used last
        continue;
      }
      if (this.pending.has(page)) continue;
      this.pending.add(page);
      wanted.push(
        load(page * this.pageSize, this.pageSize).then((rows) => {
          if (version !== this.version) return false;
          this.pending.delete(page);
          if (!rows) return false;
          this.pages.set(page, rows);
          while (this.pages.size > this.maxPages) this.pages.delete(this.pages.keys().next().value!);
          return true;
        }),
      );
    }
    const results = await Promise.all(wanted);
    return results.some(Boolean);
  }
}
