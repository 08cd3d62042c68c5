// The one log of every host (Electron main, the browser host, the CLI): pino, writing one JSON line
// per entry into the day's file of the data folder (daily-log-file.ts), with the host in each line
// so that IT reads one format whichever host wrote it. The sync worker's and the window's entries
// reach it through main (the worker's progress and requests, the window's reported errors). Every
// entry is scrubbed of secrets before it is written (secret-scrub.ts).
import pino, { type Level } from 'pino';
import { createDailyLogFile, type DailyLogFileOptions } from './daily-log-file.ts';
import { scrubSecrets, scrubText } from './secret-scrub.ts';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
const RANK: Record<LogLevel, number> = { debug: 20, info: 30, warn: 40, error: 50 };

export interface AisleLoggerOptions extends DailyLogFileOptions {
  /** Which host writes: 'electron', 'browser' or 'cli'. */
  host: string;
  /** The least level written (default info). */
  level?: LogLevel;
  /** Also told each entry at `echoLevel` or above, as one readable line (the CLI's --verbose, the browser host's terminal). */
  echo?: (line: string) => void;
  echoLevel?: LogLevel;
}

/** The core's Logger (context.ts) and more; written out here because this layer imports nothing above it. */
export interface AisleLogger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
  /** The same log with `fields` in each of its entries (`{ source: 'renderer' }`). */
  child(fields: Record<string, unknown>): AisleLogger;
  /** Today's file. */
  file(): string;
}

export function createAisleLogger(dataDir: string, options: AisleLoggerOptions): AisleLogger {
  const file = createDailyLogFile(dataDir, options);
  const echoRank = RANK[options.echoLevel ?? 'warn'];
  const destination = {
    write(line: string) {
      file.write(line);
      if (options.echo) echoLine(line, echoRank, options.echo);
    },
  };
  const root = pino(
    {
      level: options.level ?? 'info',
      base: { host: options.host },
      timestamp: pino.stdTimeFunctions.isoTime,
      messageKey: 'message',
      formatters: { level: (label) => ({ level: label }) },
    },
    destination,
  );
  return wrap(root, file.current);
}

function wrap(p: pino.Logger, current: () => string): AisleLogger {
  const write = (level: Level) => (message: string, fields?: Record<string, unknown>) => {
    p[level](fields ? (scrubSecrets(fields) as object) : {}, scrubText(message));
  };
  return {
    debug: write('debug'),
    info: write('info'),
    warn: write('warn'),
    error: write('error'),
    child: (fields) => wrap(p.child(scrubSecrets(fields) as object), current),
    file: current,
  };
}

function echoLine(line: string, least: number, echo: (line: string) => void): void {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return;
  }
  const level = entry.level as LogLevel;
  if ((RANK[level] ?? 0) < least) return;
  const { time: _time, level: _level, host: _host, message, ...fields } = entry;
  const rest = Object.keys(fields).length ? ' ' + JSON.stringify(fields) : '';
  echo(`aisle ${level}: ${String(message)}${rest}`);
}
