// A profile that names no facility (or none Aisle can read) must not leave the workstation without
// stock silently: the sync plan then keeps every facility of the mirrored facilities list
// (dataset-registry.ts), and the user is told so in words, by name once the list is mirrored.
import type { FacilityRef, Notice } from '../../contract/types.ts';

/** The notice for a session's facilities, or null when the profile or the settings choose them. */
export function facilityNotice(profileFacilities: readonly FacilityRef[], offlineFacilities: readonly string[], mirroredNames: readonly string[] = []): Notice | null {
  if (profileFacilities.length > 0 || offlineFacilities.length > 0) return null;
  return { code: 'profile_names_no_facility', facilities: [...mirroredNames] };
}

/** Whether two notices say the same (a session's notice is told again only when it changed). */
export function sameNotice(a: Notice | null, b: Notice | null): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
