// Entrance: the field map report of a mirror (`aisle fields`), and IT's re-learn of a list, without the rest of the core.
export { fieldMapReport } from '../lists/field-map-report.ts';
export { decidedLists, relearnFieldMap } from '../lists/field-map-state.ts';
