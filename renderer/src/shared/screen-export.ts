// The screen shown that can export what it shows as CSV (a list's view, the scan list): the search
// box's `>export` action runs its export, and is offered only while there is something to export.
import { onBeforeUnmount, shallowRef } from 'vue';

interface ScreenExport {
  run(): unknown;
  can(): boolean;
}

const shown = shallowRef<ScreenExport | null>(null);

/** In a screen's setup: while it is shown, `>export` runs `run`, when `can()` says there is something. */
export function useScreenExport(run: () => unknown, can: () => boolean): void {
  const mine: ScreenExport = { run, can };
  shown.value = mine;
  onBeforeUnmount(() => {
    if (shown.value === mine) shown.value = null;
  });
}

/** Whether the screen shown has something to export (reactive). */
export function canExportShown(): boolean {
  return shown.value?.can() ?? false;
}

export function exportShown(): unknown {
  return canExportShown() ? shown.value!.run() : undefined;
}
