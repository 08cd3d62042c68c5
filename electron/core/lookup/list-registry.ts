// The lookups' view of the one list registry (core/lists/registry.ts).
export { isSafeColumnKey, knownLists, listDef, type ColumnDef, type ListDef } from '../lists/registry.ts';
