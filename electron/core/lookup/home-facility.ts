// The home facility: the facility whose locations a search ranks first, and which Enter opens when a
// location code exists in several facilities. The workstation's choice (setting `homeFacility`),
// else the signed-in user's first facility; none when neither names one. Either may name the
// facility by its code (a server that names its facilities by code, IT writing the code it knows):
// it is the mirrored facility of that id, else of that code, so its locations are found as home.
import type { FacilityRef } from '../../contract/types.ts';
import type { ReadDb } from '../db/handles.ts';
import { facilityNamedBy } from '../db/read/scopes.ts';

export function homeFacility(db: ReadDb, setting: string, userFacilities: readonly Pick<FacilityRef, 'id' | 'code'>[]): string | null {
  const named = facilityNamedBy(db);
  if (setting !== '') return named(setting) ?? setting;
  const first = userFacilities[0];
  if (!first) return null;
  return named(first.id) ?? (first.code ? named(first.code) : null) ?? first.id;
}
