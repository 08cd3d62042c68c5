// The contract over Electron IPC: one channel `aisle:call` carrying (method, args), answered by
// dispatch() after the sender frame is checked; events go out on `aisle:event:<name>`.
import type { IpcMain, IpcMainInvokeEvent, WebContents } from 'electron';
import { dispatch } from '../contract/dispatch.ts';
import type { Result } from '../contract/errors.ts';
import { EVENT_NAMES } from '../contract/events.ts';
import type { Core, Logger } from '../core/index.ts';
import { nestsWithin, unsendableAnswer } from '../hosts/sendable.ts';
import { CALL_CHANNEL, EVENT_CHANNEL_PREFIX } from './channels.ts';
import { isAppUrl } from './security.ts';

const FORBIDDEN: Result<never> = { ok: false, error: { code: 'forbidden_sender', message: 'Calls are accepted only from the app window.' } };

/** Only the app's own top-level frame may call: not a subframe, not another page. */
export function isTrustedSender(event: IpcMainInvokeEvent, appUrl: string): boolean {
  const frame = event.senderFrame;
  if (!frame || frame.parent) return false;
  return isAppUrl(frame.url, appUrl);
}

export function registerIpc(ipc: IpcMain, core: Core, appUrl: () => string, log: Logger): () => void {
  ipc.handle(CALL_CHANNEL, async (event: IpcMainInvokeEvent, method: unknown, args: unknown) => {
    if (!isTrustedSender(event, appUrl())) {
      log.warn('IPC call refused from a foreign frame', { method: String(method).slice(0, 80) });
      return FORBIDDEN;
    }
    const result = await dispatch(core.handlers, method, args, {
      onInternalError: (name, error) => log.error('Unexpected failure', { method: name, error: error instanceof Error ? error.message : String(error) }),
    });
    // Electron structured-clones the answer with recursion: one nested deeply enough would fail
    // there, out of reach, and reach the window as a rejected call instead of a typed error.
    if (result.ok && !nestsWithin(result.value)) {
      log.error('An answer was too deeply nested to send to the window', { method: String(method).slice(0, 80) });
      return unsendableAnswer(String(method));
    }
    return result;
  });
  return () => ipc.removeHandler(CALL_CHANNEL);
}

export function forwardEvents(core: Core, contents: () => WebContents | null, log?: Logger): () => void {
  const unsubscribes = EVENT_NAMES.map((name) =>
    core.events.on(name, (payload) => {
      const target = contents();
      if (!target || target.isDestroyed()) return;
      try {
        target.send(EVENT_CHANNEL_PREFIX + name, payload);
      } catch (error) {
        // An event that cannot be cloned is lost, not the core that emitted it.
        log?.error('An event could not be sent to the window', { event: name, error: error instanceof Error ? error.message : String(error) });
      }
    }),
  );
  return () => unsubscribes.forEach((u) => u());
}
