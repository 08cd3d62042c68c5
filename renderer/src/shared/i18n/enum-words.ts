// The interface's enumerated values, worded for the screen. The server sends codes (AVAILABLE, PICK,
// EA); a worker reads them in the app's language. Each group is a set of codes and the message key
// its words are under; a code the app does not know is shown as the server sent it, so a server
// with more values than these still shows every one.
import { HISTORY_TYPES, STOCK_STATUSES } from '@contract/types.ts';

export const ENUM_WORDS = {
  /** A stock row's status. */
  status: { key: 'inventory.statuses', values: STOCK_STATUSES },
  /** A history event's kind of movement. */
  movement: { key: 'history.types', values: HISTORY_TYPES },
  /** A location's type; the interface leaves it open, these are the ones warehouses name alike. */
  locationType: { key: 'codes', values: ['PICK', 'BULK', 'STAGING', 'DOCK', 'RESERVE'] },
  /** Units of measure; open in the interface too, these are the common ones. */
  unit: { key: 'units', values: ['EA', 'CS', 'PK', 'PL'] },
  /** A license's type; open in the interface too (COMMUNITY occurs), these are the editions servers name. */
  licenseType: { key: 'licenseTypes', values: ['COMMUNITY', 'ENTERPRISE', 'PROFESSIONAL', 'STANDARD', 'TRIAL', 'DEVELOPER'] },
} as const;

export type EnumGroup = keyof typeof ENUM_WORDS;

/** What of vue-i18n wording a value needs (a component's `useI18n()`, or an i18n's `global`). */
interface Words {
  t(key: string): string;
  te(key: string): boolean;
}

/** One enumerated value in the user's words, or as the server sent it when the app has no words for it. */
export function enumWord(i18n: Words, group: EnumGroup, value: string): string {
  const key = `${ENUM_WORDS[group].key}.${value}`;
  return i18n.te(key) ? i18n.t(key) : value;
}

/**
 * The list columns that hold an enumerated value, and which enumerations they may hold, first match
 * wins (the rest hold the server's data, shown as sent). A `type` is a location's type, but in the
 * history it is the kind of movement: PICK is a pick face in one and "picked" in the other.
 */
const ENUM_COLUMNS: Readonly<Record<string, readonly EnumGroup[]>> = {
  status: ['status'],
  uom: ['unit'],
  type: ['locationType', 'status', 'unit', 'movement'],
};
const LIST_ENUM_COLUMNS: Readonly<Record<string, Readonly<Record<string, readonly EnumGroup[]>>>> = {
  history: { type: ['movement'] },
};

/** A list cell's text: worded when its column holds an enumerated value, as sent otherwise. */
export function columnWord(i18n: Words, list: string | undefined, column: string, value: string): string {
  const groups = (list ? LIST_ENUM_COLUMNS[list]?.[column] : undefined) ?? ENUM_COLUMNS[column] ?? [];
  for (const group of groups) {
    const word = enumWord(i18n, group, value);
    if (word !== value) return word;
  }
  return value;
}

/**
 * Every code a list column may hold with its word, as `columnWord` words them (first group wins):
 * what a CSV export of the column needs to say what the table says. Empty for a column of data.
 */
export function columnWords(i18n: Words, list: string | undefined, column: string): Record<string, string> {
  const groups = (list ? LIST_ENUM_COLUMNS[list]?.[column] : undefined) ?? ENUM_COLUMNS[column] ?? [];
  const words: Record<string, string> = {};
  for (const group of groups) {
    for (const value of ENUM_WORDS[group].values) {
      const word = enumWord(i18n, group, value);
      if (word !== value && !Object.hasOwn(words, value)) words[value] = word;
    }
  }
  return words;
}
