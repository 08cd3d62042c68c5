// A profile that names no facility (or none Aisle can read) must not leave the workstation without
// stock silently: the sync plan then keeps every facility of the mirrored facilities list
// (dataset-registry.ts), and the user is told so in words, by name once the list is mirrored.
import type { FacilityRef } from '../../contract/types.ts';

/** Names listed in full; beyond this many, "and N more". */
const NAMED = 5;

/** The notice for a session's facilities, or null when the profile or the settings choose them. */
export function facilityNotice(profileFacilities: readonly FacilityRef[], offlineFacilities: readonly string[], mirroredNames: readonly string[] = []): string | null {
  if (profileFacilities.length > 0 || offlineFacilities.length > 0) return null;
  if (mirroredNames.length === 0) return "Your profile names no facility; keeping every facility of the server's facilities list offline.";
  return `Your profile names no facility; keeping ${inWords(mirroredNames)} offline.`;
}

function inWords(names: readonly string[]): string {
  if (names.length === 1) return names[0];
  if (names.length > NAMED) return `${names.slice(0, NAMED).join(', ')} and ${names.length - NAMED} more`;
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}
