// A profile that names no facility (or none Aisle can read) must not leave the workstation without
// stock silently: the sync plan then keeps every facility of the mirrored facilities list
// (dataset-registry.ts), and the user is told so in words, by name once the list is mirrored.
import type { Notice } from '../../contract/notices.ts';
import type { FacilityRef } from '../../contract/types.ts';

/** The notice for a session's facilities, or null when the profile or the settings choose them. */
export function facilityNotice(profileFacilities: readonly FacilityRef[], offlineFacilities: readonly string[], mirroredNames: readonly string[] = []): Notice | null {
  if (profileFacilities.length > 0 || offlineFacilities.length > 0) return null;
  return { code: 'facilities_from_list', facilities: [...mirroredNames] };
}

/** True when two facility notices say the same (no change to tell the window about). */
export function sameFacilityNotice(a: Notice | null, b: Notice | null): boolean {
  if (a === null || b === null) return a === b;
  return a.code === 'facilities_from_list' && b.code === 'facilities_from_list' && a.facilities.join('\n') === b.facilities.join('\n');
}
