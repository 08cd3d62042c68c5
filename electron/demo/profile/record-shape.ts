// How a profile writes a record: field names, ids, times, and which fields it leaves out. Built
// once per server; the default profile gets no function at all, so its records pass untouched.
import { HttpError } from '../http/errors.ts';
import type { DateFormat, IdFormat, ServerProfile } from './server-profile.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/;
/** Times a server that leaves out optional fields leaves out too. */
const OMITTED_TIMES = new Set(['modifiedon', 'createdon', 'createdby']);

/** Other names real servers give the fields the client looks for, per list. */
const ALIASES: Record<string, Record<string, string>> = {
  items: { sku: 'itemNumber', upc: 'ean' },
  locations: { code: 'locationCode' },
  inventory: { sku: 'itemNumber', location_code: 'locationCode', qty_on_hand: 'qtyOnHand' },
};

const isIdKey = (key: string) => key === 'id' || key.endsWith('_id') || key.endsWith('Id');

function camel(key: string): string {
  return key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

/** The server's ids in the profile's format, and back (for ids the client sends in paths and bodies). */
export class IdMap {
  private readonly back = new Map<string, string>();
  readonly format: IdFormat;
  constructor(format: IdFormat) {
    this.format = format;
  }

  present(uuid: string): string | number {
    if (this.format === 'uuid') return uuid;
    const hex = uuid.replace(/-/g, '');
    // 52 bits of the uuid: unique enough for any demo size, and an exact JavaScript number
    const id = this.format === 'number' ? parseInt(hex.slice(0, 13), 16) : `K${parseInt(hex.slice(0, 10), 16).toString(36).toUpperCase()}`;
    this.back.set(String(id), uuid);
    return id;
  }

  /** The uuid behind an id the client sent; an id never served is passed on (the route answers 400/404). */
  uuidOf(id: unknown): unknown {
    if (this.format === 'uuid' || (typeof id !== 'string' && typeof id !== 'number')) return id;
    return this.back.get(String(id)) ?? String(id);
  }
}

export function formatDate(iso: string, format: DateFormat): string | number | number[] {
  if (format === 'iso') return iso;
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return iso;
  const utc = new Date(ms).toISOString();
  switch (format) {
    case 'epoch-ms':
      return ms;
    case 'epoch-s':
      return Math.floor(ms / 1000);
    case 'epoch-decimal':
      return ms / 1000;
    case 'iso-no-fraction':
      return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');
    case 'iso-micros':
      return `${utc.slice(0, 23)}417Z`;
    case 'dotnet-date':
      // .NET writes UTC milliseconds and the writer's offset beside them
      return `/Date(${ms}+0100)/`;
    case 'jackson-array': {
      const d = new Date(ms);
      return [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds(), d.getUTCMilliseconds() * 1e6];
    }
    case 'day-month-year':
      return `${utc.slice(8, 10)}/${utc.slice(5, 7)}/${utc.slice(0, 4)} ${utc.slice(11, 19)}`;
    case 'iso-offset':
      // a server one hour east of UTC
      return `${new Date(ms + 3_600_000).toISOString().slice(0, 23)}+01:00`;
  }
}

/** A time the client sends back in the profile's own form (a history page's `to`), as ISO again. */
export function dateBack(value: unknown): unknown {
  // what is not a time in any of the profile's forms is passed on as it came: the route answers 400
  const iso = (ms: number) => (Number.isFinite(ms) && Math.abs(ms) < 8.64e15 ? new Date(ms).toISOString() : value);
  if (typeof value === 'number') return iso(value < 1e11 ? Math.round(value * 1000) : value);
  if (Array.isArray(value) && value.length >= 3 && value.every((v) => typeof v === 'number')) {
    const [y, mo, d, h = 0, mi = 0, s = 0, nanos = 0] = value as number[];
    return iso(Date.UTC(y, mo - 1, d, h, mi, s, Math.floor(nanos / 1e6)));
  }
  if (typeof value !== 'string') return value;
  const dotnet = /^\/Date\((-?\d+)(?:[+-]\d{4})?\)\/$/.exec(value);
  if (dotnet) return iso(Number(dotnet[1]));
  const dmy = /^(\d{2})\/(\d{2})\/(\d{4}) (\d{2}:\d{2}:\d{2})$/.exec(value);
  if (dmy) return `${dmy[3]}-${dmy[2]}-${dmy[1]}T${dmy[4]}Z`;
  return value;
}

export type RecordShape = (record: unknown) => unknown;

/** The transform for one list's records, or null when the profile serves them as they are. */
export function recordShape(profile: ServerProfile, ids: IdMap, list: string): RecordShape | null {
  const aliases = profile.aliases ? (ALIASES[list] ?? {}) : {};
  const identity = profile.fieldCase === 'snake' && !profile.aliases && profile.ids === 'uuid' && profile.dates === 'iso' && !profile.omitOptional;
  if (identity) return null;
  const names = new Map<string, string>();
  const nameOf = (key: string, top: boolean) => {
    const cacheKey = top ? key : `.${key}`;
    let name = names.get(cacheKey);
    if (name === undefined) {
      name = (top ? aliases[key] : undefined) ?? (profile.fieldCase === 'camel' ? camel(key) : key);
      names.set(cacheKey, name);
    }
    return name;
  };
  const value = (key: string, v: unknown): unknown => {
    if (typeof v === 'string') {
      if (profile.ids !== 'uuid' && isIdKey(key) && UUID.test(v)) return ids.present(v);
      if (profile.dates !== 'iso' && DATE_TIME.test(v)) return formatDate(v, profile.dates);
      return v;
    }
    if (Array.isArray(v)) return v.map((x) => value(key, x));
    if (v !== null && typeof v === 'object') return shape(v as Record<string, unknown>, false);
    return v;
  };
  const shape = (record: Record<string, unknown>, top: boolean): Record<string, unknown> => {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(record)) {
      const v = record[key];
      if (profile.omitOptional && key !== 'id' && (v === null || v === '' || OMITTED_TIMES.has(key))) continue;
      out[nameOf(key, top)] = value(key, v);
    }
    return out;
  };
  return (record) => (record !== null && typeof record === 'object' && !Array.isArray(record) ? shape(record as Record<string, unknown>, true) : record);
}

/** A request body's times a client may send in the server's own form. */
const TIME_KEYS = new Set(['from', 'to']);

/** A request body's times and ids back to the server's own (the client sends what it was served). */
export function bodyIdsBack(body: unknown, ids: IdMap): unknown {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return body;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(body as Record<string, unknown>)) {
    const idish = key.endsWith('Id') || key.endsWith('Ids') || key.endsWith('_id');
    out[key] = TIME_KEYS.has(key) ? dateBack(v) : !idish ? v : Array.isArray(v) ? v.map((x) => ids.uuidOf(x)) : ids.uuidOf(v);
  }
  return out;
}

/** A path's scope id back to the server's own. */
export function pathIdBack(id: string, ids: IdMap): string {
  const back = ids.uuidOf(id);
  if (typeof back !== 'string') throw new HttpError(400, `The id "${id.slice(0, 80)}" is not one this server gave.`);
  return back;
}
