// Entrance: the field map report of a mirror (`aisle fields`), without the rest of the core.
export { fieldMapReport } from '../lists/field-map-report.ts';
