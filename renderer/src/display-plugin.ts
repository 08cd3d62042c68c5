// The app shell gives the shared pieces the user's display choices from the feature stores that
// hold them (shared/display.ts); each read goes to the store, so it stays reactive.
import type { Plugin } from 'vue';
import { DISPLAY, type Display } from './shared/display.ts';
import { useSessionStore } from './features/session/session-store.ts';
import { useSettingsStore } from './features/settings/settings-store.ts';

export const displayPlugin: Plugin = {
  install(app) {
    const display: Display = {
      get serverLocale() {
        return useSessionStore().view.locale;
      },
      get textSize() {
        return useSettingsStore().textSize;
      },
      get floorMode() {
        return useSettingsStore().floorMode;
      },
    };
    app.provide(DISPLAY, display);
  },
};
