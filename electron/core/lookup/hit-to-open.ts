// What an answer opens by itself: the hit a scan opens straight away, and the hit Enter opens on the
// first option. Decided here, once, so that every window and the CLI open the same record: a
// location code in several facilities opens the home facility's, or nothing (the user chooses;
// never silently another facility's).
import type { SearchHit, SearchOpens } from '../../contract/types.ts';

/** Hits that are all one location code, in more than one facility. */
export function inSeveralFacilities(hits: readonly SearchHit[]): boolean {
  if (hits.length < 2 || hits.some((h) => h.kind !== 'location' || !h.place)) return false;
  const code = hits[0]!.code?.toUpperCase();
  return hits.every((h) => h.code?.toUpperCase() === code) && new Set(hits.map((h) => h.place!.facilityId)).size > 1;
}

/** The only exact hit, or the only hit; of one location code in several facilities, the home facility's. */
function scanOpens(hits: readonly SearchHit[]): number | null {
  const exact = hits.filter((h) => h.match === 'exact');
  if (exact.length === 1) return hits.indexOf(exact[0]!);
  if (inSeveralFacilities(exact)) {
    const home = exact.find((h) => h.place?.home);
    return home ? hits.indexOf(home) : null;
  }
  return hits.length === 1 ? 0 : null;
}

/** The first hit, unless it is one of several locations of one code in different facilities and not the home facility's. */
function enterOpens(hits: readonly SearchHit[]): number | null {
  const first = hits[0];
  if (!first) return null;
  if (first.match === 'exact' && inSeveralFacilities(hits.filter((h) => h.match === 'exact')) && !first.place?.home) return null;
  return 0;
}

export function opensOf(hits: readonly SearchHit[]): SearchOpens {
  return { scan: scanOpens(hits), enter: enterOpens(hits) };
}
