// The whole path with the demo server's data: `aisle sync` fills a mirror over real HTTP, the
// server goes away (network unplugged), and every lookup answers from the mirror.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { viewSchema } from '../../electron/contract/methods.ts';
import { startDemoServer, DEMO_PASSWORD } from '../../electron/demo/index.ts';
import { codeKey } from '../../electron/core/lookup/codes.ts';
import { writeCsv } from '../../electron/core/lookup/export-csv.ts';
import { gs1CheckDigit } from '../../electron/core/shared/gs1/gs1.ts';
import { inventoryByItem } from '../../electron/core/lookup/inventory.ts';
import { listPage } from '../../electron/core/lookup/lists.ts';
import { searchAll } from '../../electron/core/lookup/search.ts';
import { openMirror } from '../../electron/core/db/connection.ts';
import type { ReadDb } from '../../electron/core/db/handles.ts';
import { DEFAULT_SETTINGS } from '../../electron/core/settings/settings-store.ts';
import { main } from '../../electron/hosts/cli/cli.ts';
import type { CliIo } from '../../electron/hosts/cli/command.ts';
import { tempDir } from '../support/temp-dir.ts';

let dir: ReturnType<typeof tempDir>;
let db: ReadDb;
const options = { staleAfter: DEFAULT_SETTINGS.staleAfterMinutes };

function io(): CliIo & { lines: string[]; errors: string[] } {
  const lines: string[] = [];
  const errors: string[] = [];
  return { lines, errors, out: (l) => lines.push(l), err: (l) => errors.push(l), env: { AISLE_PASSWORD: DEMO_PASSWORD }, promptPassword: () => Promise.reject(new Error('no prompt')) };
}

beforeAll(async () => {
  dir = tempDir();
  const server = await startDemoServer({ port: 0, items: 1500, facilities: 2, seed: 11, rateLimit: 0 });
  try {
    const sync = io();
    const code = await main(['sync', '--server', server.url, '--email', 'solo@example.com', '--data', dir.path], sync);
    expect(code, sync.errors.join('\n')).toBe(0);
  } finally {
    await server.close();
  }
  const folder = path.join(dir.path, 'mirrors');
  db = openMirror(path.join(folder, readdirSync(folder).find((f) => f.endsWith('.sqlite'))!), { readonly: true });
}, 120_000);
afterAll(() => {
  db?.close();
  dir.remove();
});

const one = <T>(sql: string): T => db.prepare(sql).get() as T;

describe('lookups over demo data, offline', () => {
  it('finds a location from every spelling of its code, and by barcode', () => {
    const location = one<{ id: string; code: string; barcode: string | null }>(`SELECT id, code, barcode FROM locations ORDER BY rid LIMIT 1 OFFSET 7`);
    const parts = location.code.split('-');
    for (const typed of [location.code, location.code.toLowerCase(), parts.join(''), `${parts[0]}${parts[1]} ${parts.slice(2).join('')}`]) {
      expect(searchAll(db, typed, options).hits[0], typed).toMatchObject({ kind: 'location', id: location.id, match: 'exact' });
    }
    expect(codeKey(location.code)).toBe(parts.join('').toUpperCase());
    if (location.barcode) expect(searchAll(db, location.barcode, options).hits[0]).toMatchObject({ id: location.id, match: 'exact' });
  });

  it('reads a GS1 scan of a stocked lot: item by GTIN, stock narrowed to the lot', () => {
    const stock = one<{ item_id: string; lot: string; gtin: string }>(
      `SELECT inv.item_id, inv.lot, i.gtin FROM inventory inv JOIN items i ON i.id = inv.item_id WHERE inv.lot IS NOT NULL AND i.gtin IS NOT NULL AND length(i.gtin) = 14 LIMIT 1`,
    );
    const result = searchAll(db, `]C101${stock.gtin}10${stock.lot}`, options);
    expect(result.scan).toMatchObject({ kind: 'gs1', gtin: stock.gtin, lot: stock.lot });
    expect(result.hits[0]).toMatchObject({ kind: 'item', id: stock.item_id, match: 'exact', field: 'gtin' });
    const narrowed = inventoryByItem(db, { itemId: stock.item_id, lot: stock.lot }, options);
    expect(narrowed.rows.length).toBeGreaterThan(0);
    expect(narrowed.rows.every((row) => row.lot?.toUpperCase() === stock.lot.toUpperCase())).toBe(true);
    const wrong = `${stock.gtin.slice(0, 13)}${(gs1CheckDigit(stock.gtin.slice(0, 13)) + 1) % 10}`;
    expect(searchAll(db, `(01)${wrong}(10)${stock.lot}`, options)).toMatchObject({ scan: { kind: 'misread' }, hits: [] });
  });

  it('finds items by SKU, UPC and description words, exact first; data dated now and fresh', () => {
    const item = one<{ id: string; sku: string; upc: string | null; description: string }>(`SELECT id, sku, upc, description FROM items WHERE upc IS NOT NULL LIMIT 1`);
    const bySku = searchAll(db, item.sku, options).hits[0];
    expect(bySku).toMatchObject({ id: item.id, match: 'exact', field: 'sku' });
    expect(bySku.age.stale).toBe(false);
    expect(Date.now() - Date.parse(bySku.age.syncedAt!)).toBeLessThan(10 * 60_000);
    if (item.upc) expect(searchAll(db, item.upc, options).hits[0]).toMatchObject({ id: item.id, match: 'exact' });
    const word = item.description.split(/\s+/).find((w) => /^[A-Za-z]{4,}$/.test(w))!;
    const hits = searchAll(db, word.slice(0, 4), options).hits;
    expect(hits.length).toBeGreaterThan(0);
    const order = hits.map((h) => ['exact', 'prefix', 'word'].indexOf(h.match));
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  it('finds a user by e-mail and a carrier by its alias', () => {
    expect(searchAll(db, 'DEMO@example.com', options).hits[0]).toMatchObject({ kind: 'user', match: 'exact', title: 'Demo User' });
    const carrier = one<{ id: string; alias: string }>(`SELECT id, json_extract(raw, '$.alias') AS alias FROM records WHERE list = 'carriers' LIMIT 1`);
    expect(searchAll(db, carrier.alias, options).hits.find((h) => h.id === carrier.id)).toMatchObject({ kind: 'carrier', title: carrier.alias });
  });

  it('exports a scoped item list as CSV with one line per record', async () => {
    const scopeId = one<{ scope_id: string }>(`SELECT scope_id FROM datasets WHERE list = 'items' LIMIT 1`).scope_id;
    const view = viewSchema.parse({ list: 'items', scopeId, columns: ['sku', 'description', 'gtin'] });
    const total = listPage(db, view, 0, 1, options).total;
    const out = new PassThrough();
    let text = '';
    out.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    expect(await writeCsv(db, view, out)).toBe(total);
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('\uFEFFSKU,Description,GTIN');
    expect(lines.length).toBe(total + 2);
  });

  it('aisle find answers with the server gone', async () => {
    const location = one<{ code: string }>(`SELECT code FROM locations LIMIT 1`);
    const out = io();
    expect(await main(['find', location.code.toLowerCase().replace(/-/g, ' '), '--data', dir.path], out)).toBe(0);
    expect(out.lines[0]).toMatch(new RegExp(`^exact\\s+location\\s+${location.code} `));
  });
});
