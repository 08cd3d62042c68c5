// The home facility: the facility whose locations a search ranks first, and which Enter opens when a
// location code exists in several facilities. The workstation's choice (setting `homeFacility`),
// else the signed-in user's first facility; none when neither names one.
import type { FacilityRef } from '../../contract/types.ts';

export function homeFacility(setting: string, userFacilities: readonly Pick<FacilityRef, 'id'>[]): string | null {
  if (setting !== '') return setting;
  return userFacilities[0]?.id ?? null;
}
