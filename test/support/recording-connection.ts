// A connection that tells what SQL it is asked for: each statement's text as it is prepared, and
// again each time it is run (get, all, run, iterate) with its arguments. It answers as the real
// connection does, and a statement's pluck() or raw() keeps telling through the statement it returns.
import type { Statement } from 'better-sqlite3';

type Run = 'get' | 'all' | 'run' | 'iterate';

export interface SqlSeen {
  prepared?(sql: string): void;
  ran?(sql: string, args: unknown[], method: Run): void;
}

const RUNS: ReadonlySet<string | symbol> = new Set<Run>(['get', 'all', 'run', 'iterate']);

export function recordingConnection<D extends { prepare(sql: string): Statement }>(db: D, seen: SqlSeen): D {
  return new Proxy(db, {
    get(target, property) {
      if (property === 'prepare') {
        return (sql: string) => {
          seen.prepared?.(sql);
          return recordingStatement(sql, target.prepare(sql), seen);
        };
      }
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

function recordingStatement(sql: string, statement: Statement, seen: SqlSeen): Statement {
  const wrapped: Statement = new Proxy(statement, {
    get(s, name) {
      const value = Reflect.get(s, name, s);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        if (RUNS.has(name)) seen.ran?.(sql, args, name as Run);
        const result = value.apply(s, args);
        return result === s ? wrapped : result;
      };
    },
  });
  return wrapped;
}
