// How record values read on screen.
type T = (key: string) => string;

/** A record's value in the user's words; `number` writes a number in the user's language (its decimal sign). */
export function displayValue(value: unknown, t: T, number: (n: number) => string = String): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? t('record.yes') : t('record.no');
  if (typeof value === 'number') return number(value);
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** A server's or the core's sentence placed inside one of the app's: without its own full stop, so the result has one. */
export function clause(text: string): string {
  return text.replace(/\s*\.+\s*$/, '');
}
