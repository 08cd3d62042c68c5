// Dates, times, numbers and data ages in the user's locale, through Intl.
import { computed, onScopeDispose, ref, type Ref } from 'vue';
import { useI18n } from 'vue-i18n';
import { intlTag, type AppLocale } from './i18n/index.ts';
import { useDisplay } from './display.ts';

const now = ref(Date.now());
let ticker: ReturnType<typeof setInterval> | null = null;
let users = 0;

/** A clock shared by every "3 min ago" on screen, ticking every 15 s. */
export function useNow(): Ref<number> {
  users++;
  ticker ??= setInterval(() => (now.value = Date.now()), 15_000);
  onScopeDispose(() => {
    users--;
    if (users === 0 && ticker) {
      clearInterval(ticker);
      ticker = null;
    }
  });
  now.value = Date.now();
  return now;
}

// Intl formatters are costly to build (a search answer shows twenty ages): keep one per use.
const formatters = new Map<string, Intl.DateTimeFormat | Intl.RelativeTimeFormat | Intl.NumberFormat>();
function cached<F extends Intl.DateTimeFormat | Intl.RelativeTimeFormat | Intl.NumberFormat>(key: string, make: () => F): F {
  let f = formatters.get(key) as F | undefined;
  if (!f) formatters.set(key, (f = make()));
  return f;
}
const dateTimeFormat = (tag: string, options: Intl.DateTimeFormatOptions) => cached(`d|${tag}|${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(tag, options));
const numberFormat = (tag: string) => cached(`n|${tag}`, () => new Intl.NumberFormat(tag));

/** "3 min ago" / "in 5 min", choosing the unit by size. */
export function relative(tag: string, iso: string, at: number): string {
  const seconds = Math.round((Date.parse(iso) - at) / 1000);
  const rtf = cached(`r|${tag}`, () => new Intl.RelativeTimeFormat(tag, { numeric: 'auto', style: 'short' }));
  const abs = Math.abs(seconds);
  if (abs < 45) return rtf.format(0, 'second');
  if (abs < 3600) return rtf.format(Math.round(seconds / 60), 'minute');
  if (abs < 86_400) return rtf.format(Math.round(seconds / 3600), 'hour');
  return rtf.format(Math.round(seconds / 86_400), 'day');
}

/** Time of day if today, else a short date and time. */
export function clock(tag: string, iso: string, at: number): string {
  const date = new Date(iso);
  const today = new Date(at).toDateString() === date.toDateString();
  return dateTimeFormat(tag, today ? { hour: '2-digit', minute: '2-digit' } : { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

export function useFormat() {
  const { locale } = useI18n();
  const display = useDisplay();
  const tag = computed(() => intlTag(locale.value as AppLocale, display.serverLocale));
  return {
    tag,
    number: (n: number | null | undefined) => (n === null || n === undefined ? '—' : numberFormat(tag.value).format(n)),
    /**
     * A record's number as the language writes it, without grouping (a number may be a code or an
     * id, `1000234`, which a grouping would break up): Spanish 7,08, English 7.08.
     */
    plainNumber: (n: number) => cached(`plain|${tag.value}`, () => new Intl.NumberFormat(tag.value, { useGrouping: false, maximumFractionDigits: 20 })).format(n),
    /** 1.25 → "125%" ("125 %" in Spanish). */
    percent: (fraction: number) => cached(`p|${tag.value}`, () => new Intl.NumberFormat(tag.value, { style: 'percent' })).format(fraction),
    dateTime: (iso: string | null | undefined) => (iso ? dateTimeFormat(tag.value, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso)) : '—'),
    /** A date and time in the fewest characters (a list's column, where the time must not be cut): 11/28/26, 10:59 PM. */
    compactDateTime: (iso: string) => dateTimeFormat(tag.value, { dateStyle: 'short', timeStyle: 'short' }).format(new Date(iso)),
    /** The time of day to the second (a request's, on the diagnostics page). */
    time: (iso: string) => dateTimeFormat(tag.value, { timeStyle: 'medium' }).format(new Date(iso)),
    date: (iso: string | null | undefined) => (iso ? dateTimeFormat(tag.value, { dateStyle: 'medium' }).format(new Date(iso)) : '—'),
    /**
     * A date without a time of day (`2026-12-01`, or its midnight in UTC): the day the server
     * meant, read in UTC, so that a workstation west of Greenwich does not show the day before.
     */
    day: (iso: string) => dateTimeFormat(tag.value, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(iso.slice(0, 10) + 'T00:00:00Z')),
    clock: (iso: string, at: number) => clock(tag.value, iso, at),
    relative: (iso: string, at: number) => relative(tag.value, iso, at),
  };
}
