// Writes records into a mirror file with the mirror's schema directly (as sync's apply would),
// FTS rows included. Used by the lookup tests and the lookup benchmark.
import { normaliseCode, type MirrorDb } from '../../electron/core/mirror/open-mirror.ts';

type Raw = Record<string, unknown>;

export interface DatasetSpec {
  list: string;
  scopeKind?: 'global' | 'account' | 'facility';
  scopeId?: string | null;
  syncedAt: string | null;
}

const str = (value: unknown): string | null => (value === undefined || value === null ? null : String(value));
const num = (value: unknown): number | null => (typeof value === 'number' ? value : value === undefined || value === null ? null : Number(value));
const bool = (value: unknown): number | null => (typeof value === 'boolean' ? (value ? 1 : 0) : null);

export class MirrorWriter {
  private readonly db: MirrorDb;
  private rid = 1;
  private readonly statements: Record<string, ReturnType<MirrorDb['prepare']>>;

  constructor(db: MirrorDb) {
    this.db = db;
    this.rid = ((db.prepare(`SELECT max(m) FROM (SELECT max(rid) m FROM items UNION ALL SELECT max(rid) FROM locations UNION ALL SELECT max(rid) FROM inventory UNION ALL SELECT max(rid) FROM history UNION ALL SELECT max(rid) FROM records)`).pluck().get() as number | null) ?? 0) + 1;
    this.statements = {
      dataset: db.prepare(
        `INSERT INTO datasets (key, list, scope_kind, scope_id, path, rows, last_success_at, last_attempt_at) VALUES (?, ?, ?, ?, ?, 0, ?, ?)`,
      ),
      item: db.prepare(
        `INSERT INTO items (rid, dataset_id, id, account_id, sku, upc, gtin, description, uom, enabled, modified_on, hash, raw) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?)`,
      ),
      itemFts: db.prepare(`INSERT INTO items_fts (rowid, sku, upc, gtin, description) VALUES (?, ?, ?, ?, ?)`),
      location: db.prepare(
        `INSERT INTO locations (rid, dataset_id, id, facility_id, code, code_norm, barcode, zone, type, pickable, enabled, modified_on, hash, raw) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?)`,
      ),
      locationFts: db.prepare(`INSERT INTO locations_fts (rowid, code, barcode, zone) VALUES (?, ?, ?, ?)`),
      inventory: db.prepare(
        `INSERT INTO inventory (rid, dataset_id, id, facility_id, location_id, location_code, location_code_norm, item_id, account_id, sku, lot, serial, expiry, uom, qty_on_hand, qty_allocated, qty_available, status, hash, raw) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?)`,
      ),
      history: db.prepare(
        `INSERT INTO history (rid, dataset_id, id, facility_id, item_id, sku, location_id, location_code, from_location_code, to_location_code, type, qty, qty_before, qty_after, lot, user_email, reference, created_on, hash, raw) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?)`,
      ),
      record: db.prepare(`INSERT INTO records (rid, dataset_id, list, scope_id, id, code, name, text, hash, raw) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0, ?)`),
      recordFts: db.prepare(`INSERT INTO records_fts (rowid, code, name, text) VALUES (?, ?, ?, ?)`),
    };
  }

  dataset(spec: DatasetSpec): number {
    const scopeKind = spec.scopeKind ?? 'global';
    const key = scopeKind === 'global' ? spec.list : `${spec.list}@${scopeKind}:${spec.scopeId}`;
    const result = this.statements.dataset.run(key, spec.list, scopeKind, spec.scopeId ?? null, `/${spec.list}`, spec.syncedAt, spec.syncedAt);
    return Number(result.lastInsertRowid);
  }

  item(datasetId: number, r: Raw): void {
    const rid = this.rid++;
    this.statements.item.run(rid, datasetId, r.id, str(r.account_id), str(r.sku), str(r.upc), str(r.gtin), str(r.description), str(r.uom), bool(r.enabled), str(r.modifiedon), JSON.stringify(r));
    this.statements.itemFts.run(rid, str(r.sku), str(r.upc), str(r.gtin), str(r.description));
  }

  location(datasetId: number, r: Raw): void {
    const rid = this.rid++;
    this.statements.location.run(
      rid, datasetId, r.id, str(r.facility_id), str(r.code), normaliseCode(str(r.code)), str(r.barcode), str(r.zone), str(r.type), bool(r.pickable), bool(r.enabled), str(r.modifiedon), JSON.stringify(r),
    );
    this.statements.locationFts.run(rid, str(r.code), str(r.barcode), str(r.zone));
  }

  inventory(datasetId: number, r: Raw): void {
    this.statements.inventory.run(
      this.rid++, datasetId, r.id, str(r.facility_id), str(r.location_id), str(r.location_code), normaliseCode(str(r.location_code)), str(r.item_id), str(r.account_id), str(r.sku),
      str(r.lot), str(r.serial), str(r.expiry), str(r.uom), num(r.qty_on_hand), num(r.qty_allocated), num(r.qty_available), str(r.status), JSON.stringify(r),
    );
  }

  history(datasetId: number, r: Raw): void {
    this.statements.history.run(
      this.rid++, datasetId, r.id, str(r.facility_id), str(r.item_id), str(r.sku), str(r.location_id), str(r.location_code), str(r.from_location_code), str(r.to_location_code),
      str(r.type), num(r.qty), num(r.qty_before), num(r.qty_after), str(r.lot), str(r.user_email), str(r.reference), str(r.createdon), JSON.stringify(r),
    );
  }

  record(datasetId: number, list: string, scopeId: string | null, r: Raw, code: unknown, name: unknown): void {
    const rid = this.rid++;
    const text = Object.values(r).filter((v) => typeof v === 'string' && v !== r.id).join(' ');
    this.statements.record.run(rid, datasetId, list, scopeId, r.id, str(code), str(name), text, JSON.stringify(r));
    this.statements.recordFts.run(rid, str(code), str(name), text);
  }

  /** Sets each dataset's row count from the tables (as sync would after applying). */
  finish(): void {
    for (const table of ['items', 'locations', 'inventory', 'history', 'records']) {
      this.db.exec(`UPDATE datasets SET rows = (SELECT count(*) FROM ${table} t WHERE t.dataset_id = datasets.dataset_id) WHERE list ${table === 'records' ? 'NOT IN' : '='} ${table === 'records' ? "('items','locations','inventory','history')" : `'${table}'`}`);
    }
  }
}
