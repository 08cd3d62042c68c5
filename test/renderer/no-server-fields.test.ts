// The window shows what main read by role and never a server's field by its name: outside the
// words (i18n, where roles are keys) and "All fields" (RecordFields.vue, which shows a record as
// received), no file of the renderer names one of the demo server's record fields, nor reads a
// record's raw fields by key. A field named in code here works for the demo server and shows
// nothing for a server that calls it otherwise (the `spring` profile's `packQty`).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '../../renderer/src');
/** The words (roles as keys) and the benchmarks' fixtures. */
const EXEMPT = [/^shared\/i18n\//, /^bench\//];
/** Where a record is shown as received. */
const ALL_FIELDS = 'features/record/RecordFields.vue';

/** The demo server's record fields that name a role (the contract's own names, `sku` on a stock row, are not among them). */
const DEMO_FIELDS = /\b(pack_qty|lot_tracked|serial_tracked|account_id|facility_id|location_id|hazmat_id|template_id|item_id|check_digits|modifiedon|saddr\d|maddr\d|qty_on_hand|location_code|un_number|proper_shipping_name|accountid)\b/;
/** A read of a record's raw field by key: `record[...]`, `rec.value[...]`, `.record.sku` (a ref's `.record.value` is no field). */
const RAW_READ = /\brec(?:ord)?(?:\.value)?\??\.?\[|\.record\??\.(?!value\b)[a-z_]+/;

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : /\.(vue|ts)$/.test(e.name) ? [path.join(dir, e.name)] : []));
}

const sources = files(ROOT)
  .map((file) => path.relative(ROOT, file).split(path.sep).join('/'))
  .filter((rel) => !EXEMPT.some((re) => re.test(rel)));

describe('the renderer reads no server field by name', () => {
  it('finds the renderer\'s files', () => {
    expect(sources).toContain('features/record/StockRecordView.vue');
    expect(sources.length).toBeGreaterThan(30);
  });

  it.each(sources)('%s names none of the demo server\'s record fields and reads no raw field by key', (rel) => {
    const lines = readFileSync(path.join(ROOT, rel), 'utf8').split('\n');
    const named = lines.map((line, i) => [i + 1, line] as const).filter(([, line]) => DEMO_FIELDS.test(line));
    expect(named.map(([n, line]) => `${n}: ${line.trim()}`)).toEqual([]);
    if (rel === ALL_FIELDS) return;
    const reads = lines.map((line, i) => [i + 1, line] as const).filter(([, line]) => RAW_READ.test(line));
    expect(reads.map(([n, line]) => `${n}: ${line.trim()}`)).toEqual([]);
  });
});
