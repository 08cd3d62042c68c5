// The request bodies of the inventory endpoints (POST /inv/query, /inv/history) are not shown by the
// spec: the registry sends the demo server's guess ({facilityId, ...}). A server that refuses it
// (400, 404, 405, 415, 422) is asked again in the other forms a server commonly takes, in order; the
// form that worked is remembered per endpoint in the mirror (meta `request_form:<path>`, written at
// the round's end), so the next round, after a restart too, asks that way first. A part read (the
// stock of some items) is asked only in the form already known: when it is refused, the round reads
// the whole stock instead (round/read-answer.ts), which finds the form.
//
// A form is proven by its answer: one whose records name another facility (a server that ignores
// how it was asked answers every facility's stock) is forgotten, never kept (`forget`).
//
// Last come the forms with paging parameters, for a server that answers only a page at a time: the
// first page asked for (`page`/`size` in the query, or in the body), whose answer tells how it pages,
// and the reading then goes on page after page like a list's (list-paging.ts). A paging parameter
// of a later page's path goes where the form puts it. A part is never read in a paged form (its
// answer would be its first page only): the round reads the whole stock instead.
import { AisleError } from '../../contract/errors.ts';
import type { DatasetSpec } from '../mirror/dataset-state.ts';
import type { ReadDb, WriteDb } from '../db/handles.ts';
import { metaEntries } from '../db/read/meta.ts';
import { deleteMeta, putMeta } from '../db/write/meta.ts';
import { DEFAULT_PAGE_SIZE } from './list-paging.ts';

/** Statuses that say "not asked this way", not "not there" or "failed". */
const REFUSED: ReadonlySet<number> = new Set([400, 404, 405, 415, 422]);

type Body = Record<string, unknown>;

interface Form {
  name: string;
  /** The request in this form, from the registry's (whose body names the facility `facilityId`). */
  ask(spec: DatasetSpec, facilityId: unknown, rest: Body, pageSize: number): DatasetSpec;
  /** Asks a page at a time. */
  paged?: true;
  /** Does not name the facility at all: only records that each name it prove the answer is the facility's. */
  unnamed?: true;
}

/** The query parameters a reading pages with (list-paging.ts). */
const PAGING_PARAMS = ['page', 'size', 'offset', 'limit', 'pageToken', 'cursor'];

/** A path without its paging parameters, and those parameters (numbers as numbers). */
function splitPaging(path: string): { path: string; paging: Body } {
  const url = new URL(path, 'http://request.invalid');
  const paging: Body = {};
  for (const name of PAGING_PARAMS) {
    const value = url.searchParams.get(name);
    if (value === null) continue;
    paging[name] = /^\d{1,15}$/.test(value) ? Number(value) : value;
    url.searchParams.delete(name);
  }
  return { path: `${url.pathname}${url.search}`, paging };
}

function withQuery(path: string, query: Body): string {
  const url = new URL(path, 'http://request.invalid');
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, String(value));
  return `${url.pathname}${url.search}`;
}

/** The first page's parameters, unless the path asks for a later page already. */
const firstPage = (paging: Body, pageSize: number): Body => (Object.keys(paging).length ? paging : { page: 0, size: pageSize });

const renamed = (name: string, value: (id: unknown) => unknown = (id) => id): Form => ({
  name,
  ask: (spec, id, rest) => ({ ...spec, body: { [name]: value(id), ...rest } }),
});

/** In the order tried: the registry's own first, then the facility under other common names, then without it. */
export const REQUEST_FORMS: readonly Form[] = [
  renamed('facilityId'),
  renamed('facility_id'),
  renamed('facility'),
  renamed('facilityIds', (id) => [id]),
  renamed('warehouseId'),
  { name: 'no-facility', unnamed: true, ask: (spec, _id, rest) => ({ ...spec, body: rest }) },
  { name: 'no-body', unnamed: true, ask: (spec) => ({ ...spec, body: undefined }) },
  {
    name: 'query',
    ask: (spec, id, rest) => ({ ...spec, path: withQuery(spec.path, { facilityId: String(id) }), body: Object.keys(rest).length ? rest : undefined }),
  },
  {
    name: 'paged',
    paged: true,
    ask: (spec, id, rest, pageSize) => {
      const { path, paging } = splitPaging(spec.path);
      return { ...spec, path: withQuery(path, firstPage(paging, pageSize)), body: { facilityId: id, ...rest } };
    },
  },
  {
    name: 'paged-body',
    paged: true,
    ask: (spec, id, rest, pageSize) => {
      const { path, paging } = splitPaging(spec.path);
      return { ...spec, path, body: { facilityId: id, ...rest, ...firstPage(paging, pageSize) } };
    },
  },
];

/** The meta entries the forms learned are kept under, one per endpoint: `request_form:<path>`. */
export const REQUEST_FORM_META = 'request_form:';

/** The forms learned, by endpoint path (what the probe reports). */
export function learnedRequestForms(db: ReadDb): Map<string, string> {
  return new Map([...metaEntries(db, REQUEST_FORM_META)].map(([key, value]) => [key.slice(REQUEST_FORM_META.length), value]));
}

/** The endpoint (a POST with the facility in its body) that may be asked in other forms; null for every other request. */
function facilityOf(spec: DatasetSpec): { id: unknown; rest: Body } | null {
  if (spec.method !== 'POST' || spec.body === null || typeof spec.body !== 'object' || !('facilityId' in spec.body)) return null;
  const { facilityId, ...rest } = spec.body as Body;
  return { id: facilityId, rest };
}

/** The server's own words in a refusal (http-errors.ts puts them after the first colon). */
function serverWords(error: AisleError): string {
  const at = error.message.indexOf(': ');
  return at === -1 ? 'no message' : `"${error.message.slice(at + 2)}"`;
}

export interface RequestForms {
  /**
   * Opens `spec` with `send`: an inventory request in the form known for its endpoint, else in each
   * form in turn while the server refuses them. Rethrows anything that is not a refusal.
   */
  open<T>(spec: DatasetSpec, send: (asked: DatasetSpec) => Promise<T>): Promise<T>;
  /**
   * The answer to `spec` held another facility's records (snapshot/facility-scope.ts): its
   * endpoint's form is not proven, so it is not kept, and the next request tries every form again.
   */
  forget(spec: DatasetSpec): void;
  /** The dataset's last request did not name its facility (its answer must prove whose it is). */
  askedWithoutFacility(spec: DatasetSpec): boolean;
  /** Writes the forms learned this round, and forgets the ones not proven (call outside any transaction). */
  save(): void;
}

/** `pageSize`: records asked for in a paged form's first page (the reading's setting). */
export function requestForms(db: WriteDb, pageSize = DEFAULT_PAGE_SIZE): RequestForms {
  const known = learnedRequestForms(db);
  const learned = new Map<string, string>();
  const forgotten = new Set<string>();
  /** The datasets whose last request was in a form that does not name the facility. */
  const unnamed = new Set<string>();
  return {
    async open(spec, send) {
      const facility = facilityOf(spec);
      if (!facility) return send(spec);
      // remembered per endpoint, whatever page of it is asked for
      const endpoint = splitPaging(spec.path).path;
      const knownForm = REQUEST_FORMS.find((f) => f.name === known.get(endpoint));
      const isPart = spec.refresh !== undefined && (spec.body as Body)[spec.refresh.field] !== undefined;
      if (isPart && knownForm?.paged) {
        throw new AisleError('bad_response', `${spec.label}: POST ${endpoint} answers a page at a time; the stock of some items is not read in pages, so it is read whole.`);
      }
      const order = isPart ? [knownForm ?? REQUEST_FORMS[0]] : knownForm ? [knownForm, ...REQUEST_FORMS.filter((f) => f !== knownForm)] : REQUEST_FORMS;
      let first: AisleError | null = null;
      for (const form of order) {
        try {
          const response = await send(form.ask(spec, facility.id, facility.rest, pageSize));
          if (form.unnamed) unnamed.add(spec.key);
          else unnamed.delete(spec.key);
          if (form !== knownForm) {
            known.set(endpoint, form.name);
            learned.set(endpoint, form.name);
          }
          return response;
        } catch (error) {
          if (isPart || !(error instanceof AisleError) || error.status === undefined || !REFUSED.has(error.status)) throw error;
          first ??= error;
        }
      }
      throw new AisleError(
        'bad_response',
        `${spec.label} of ${spec.scopeName ?? String(facility.id)}: the server refused each of the ${order.length} request forms Aisle knows for POST ${spec.path}, the first with ${first!.status}, ${serverWords(first!)}.`,
        { status: first!.status },
      );
    },
    askedWithoutFacility: (spec) => unnamed.has(spec.key),
    forget(spec) {
      const endpoint = splitPaging(spec.path).path;
      if (!known.has(endpoint)) return;
      known.delete(endpoint);
      learned.delete(endpoint);
      forgotten.add(endpoint);
    },
    save() {
      for (const [path, form] of learned) putMeta(db, `${REQUEST_FORM_META}${path}`, form);
      for (const path of forgotten) if (!learned.has(path)) deleteMeta(db, `${REQUEST_FORM_META}${path}`);
      learned.clear();
      forgotten.clear();
    },
  };
}
