// Where the log's lines go: one file a day in `<dataDir>/logs`, `aisle-YYYY-MM-DD.log` (UTC days, so
// every host of a workstation agrees on the file whatever its time zone). A day's file is capped: past
// the cap it is renamed `aisle-YYYY-MM-DD.1.log` (the one before it dropped) and a fresh one begins, so
// a day never takes more than twice the cap. Files older than the days kept are deleted when a day
// begins. Writing is synchronous and best effort: a full disk must not turn a log line into a failure
// of the call that logged it, and a crash must not lose the lines before it.
import { appendFileSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';

export const LOG_FILE = /^aisle-(\d{4}-\d{2}-\d{2})(\.1)?\.log$/;
export const DEFAULT_LOG_MAX_BYTES = 10 * 1024 * 1024;
export const DEFAULT_LOG_KEEP_DAYS = 14;

export interface DailyLogFileOptions {
  /** A day's file is rolled past this size. */
  maxBytes?: number;
  /** Days of files kept, today's included; read at every new day (a setting or the policy may change it). */
  keepDays?: () => number;
  now?: () => Date;
}

export function logFolder(dataDir: string): string {
  return path.join(dataDir, 'logs');
}

export function logFileOf(dataDir: string, day: string): string {
  return path.join(logFolder(dataDir), `aisle-${day}.log`);
}

/** The log files in the data folder, oldest first. */
export function listLogFiles(dataDir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(logFolder(dataDir));
  } catch {
    return [];
  }
  const order = (name: string) => {
    const [, day, rolled] = LOG_FILE.exec(name)!;
    return `${day}${rolled ? '0' : '1'}`;
  };
  return names
    .filter((name) => LOG_FILE.test(name))
    .sort((a, b) => order(a).localeCompare(order(b)))
    .map((name) => path.join(logFolder(dataDir), name));
}

export interface DailyLogFile {
  write(line: string): void;
  /** Today's file. */
  current(): string;
}

export function createDailyLogFile(dataDir: string, options: DailyLogFileOptions = {}): DailyLogFile {
  const maxBytes = options.maxBytes ?? DEFAULT_LOG_MAX_BYTES;
  const now = options.now ?? (() => new Date());
  const folder = logFolder(dataDir);
  let day = '';
  let size = 0;

  const beginDay = (next: string) => {
    day = next;
    try {
      mkdirSync(folder, { recursive: true, mode: 0o700 });
      size = statSync(logFileOf(dataDir, day), { throwIfNoEntry: false })?.size ?? 0;
      pruneOldLogs(dataDir, day, options.keepDays?.() ?? DEFAULT_LOG_KEEP_DAYS);
    } catch {
      // no log folder (a full or read-only disk): lines are lost, the app runs on
    }
  };

  return {
    current: () => logFileOf(dataDir, day || now().toISOString().slice(0, 10)),
    write(line) {
      const today = now().toISOString().slice(0, 10);
      if (today !== day) beginDay(today);
      const file = logFileOf(dataDir, day);
      try {
        if (size > 0 && size + line.length > maxBytes) {
          renameSync(file, path.join(folder, `aisle-${day}.1.log`));
          size = 0;
        }
        appendFileSync(file, line, { mode: 0o600 });
        size += Buffer.byteLength(line);
      } catch {
        // best effort, see above
      }
    },
  };
}

/** Deletes the log files of days before the last `keepDays` (today counted). */
export function pruneOldLogs(dataDir: string, today: string, keepDays: number): void {
  const oldestKept = new Date(Date.parse(`${today}T00:00:00Z`) - (Math.max(1, keepDays) - 1) * 86_400_000).toISOString().slice(0, 10);
  for (const file of listLogFiles(dataDir)) {
    const fileDay = LOG_FILE.exec(path.basename(file))![1]!;
    if (fileDay < oldestKept) rmSync(file, { force: true });
  }
}
