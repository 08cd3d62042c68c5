// What the shared pieces need of the user's choices (the server's locale for dates and numbers, the
// text size and floor mode for a table's rows), given by the app shell (display-plugin.ts): shared/
// then reads no feature's store.
import { inject, type InjectionKey } from 'vue';

export interface Display {
  /** The server's locale for the signed-in user (es_MX), or null: Intl's tag follows it where it fits the app's language. */
  readonly serverLocale: string | null;
  /** Text size in percent. */
  readonly textSize: number;
  readonly floorMode: boolean;
}

export const DISPLAY: InjectionKey<Display> = Symbol('display');

export function useDisplay(): Display {
  const display = inject(DISPLAY, null);
  if (!display) throw new Error('No display choices given: install the app shell\'s displayPlugin (renderer/src/display-plugin.ts).');
  return display;
}
