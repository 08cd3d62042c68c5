// The log of the browser host and the CLI: one JSON line per entry in `<dataDir>/logs/aisle.log`,
// so that what the core noticed (a damaged mirror moved aside, a full disk) is on record for IT.
// Callers never pass arguments, tokens or passwords. Writing is best effort: a full disk must not
// turn a log line into a failure of the call that logged it.
import { appendFileSync, mkdirSync, renameSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Logger } from '../core/index.ts';

/** Past this size the log is renamed to `aisle.log.1` (the one before it dropped) at start. */
const MAX_LOG_BYTES = 1024 * 1024;

export function logFilePath(dataDir: string): string {
  return path.join(dataDir, 'logs', 'aisle.log');
}

export interface FileLoggerOptions {
  /** Also write warnings and errors here, as one line each (the browser host: its terminal). */
  echo?: (line: string) => void;
}

export function createFileLogger(dataDir: string, options: FileLoggerOptions = {}): Logger {
  const file = logFilePath(dataDir);
  try {
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    if ((statSync(file, { throwIfNoEntry: false })?.size ?? 0) > MAX_LOG_BYTES) renameSync(file, `${file}.1`);
  } catch {
    // no log folder (a full or read-only disk): entries still reach `echo`
  }
  const write = (level: 'info' | 'warn' | 'error') => (message: string, fields?: Record<string, unknown>) => {
    try {
      appendFileSync(file, JSON.stringify({ at: new Date().toISOString(), level, message, ...fields }) + '\n', { mode: 0o600 });
    } catch {
      // best effort, see above
    }
    if (level !== 'info') options.echo?.(`aisle: ${message}${fields && Object.keys(fields).length ? ' ' + JSON.stringify(fields) : ''}`);
  };
  return { info: write('info'), warn: write('warn'), error: write('error') };
}
