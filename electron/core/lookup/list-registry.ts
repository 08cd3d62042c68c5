// The lookups' view of the one list registry (core/lists/registry.ts).
export { isSafeColumnKey, knownField, knownLists, listDef, nameKey, type ColumnDef, type ListDef } from '../lists/registry.ts';
