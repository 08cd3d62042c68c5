// An error nothing caught in main is logged, and main runs on: the mirror is a SQLite file written
// in transactions by the sync worker, so stopping main here would gain nothing and would end the
// session of whoever is at the workstation. (Electron's default, a dialog, says nothing IT can read.)
import type { Logger } from '../core/index.ts';

interface ProcessEvents {
  on(event: 'uncaughtException', listener: (error: Error) => void): unknown;
  on(event: 'unhandledRejection', listener: (reason: unknown) => void): unknown;
  off(event: string, listener: (...args: never[]) => void): unknown;
}

export function logUncaughtErrors(target: ProcessEvents, log: Logger): () => void {
  const thrown = (error: Error) => log.error('main: an error nobody caught', { name: error?.name, error: error?.message ?? String(error), stack: error?.stack?.split('\n').slice(0, 6).join('\n') });
  const rejected = (reason: unknown) =>
    log.error('main: a promise failed and nobody caught it', { error: reason instanceof Error ? reason.message : String(reason), stack: reason instanceof Error ? reason.stack?.split('\n').slice(0, 6).join('\n') : undefined });
  target.on('uncaughtException', thrown);
  target.on('unhandledRejection', rejected);
  return () => {
    target.off('uncaughtException', thrown);
    target.off('unhandledRejection', rejected);
  };
}
