// The relay's configuration file (JSON), read once at start. Each scope is a service user of one
// license; its password comes from an environment variable or from a file only the service may
// read (never from the configuration file itself).
import { readFileSync, statSync } from 'node:fs';
import { AisleError } from '../../contract/errors.ts';

export interface RelayScopeConfig {
  /** A short name: the folder of its mirror and the words of the log. */
  name: string;
  email: string;
  /** The license to sign in under; without it the first enabled one. */
  license?: string;
  passwordEnv?: string;
  passwordFile?: string;
}

export interface RelayConfig {
  /** The warehouse server's address. */
  server: string;
  /** A PostgreSQL connection string (postgres://user@host:port/db). */
  postgres: string;
  listen: { host: string; port: number };
  /** Where each scope's own mirror is kept. */
  dataDir: string;
  /** Minutes between rounds. */
  intervalMinutes: number;
  /** Generations of changes kept; a seat further behind gets a dataset whole. */
  horizonGenerations?: number;
  /** Whether this process polls the warehouse server (one per scope does, by lock); false: it only serves. */
  poll?: boolean;
  scopes: RelayScopeConfig[];
}

const isText = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';

export function readRelayConfig(file: string): RelayConfig {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new AisleError('invalid_argument', `The relay's configuration ${file} cannot be read as JSON (${(error as Error).message}).`);
  }
  const c = parsed as Partial<RelayConfig>;
  const bad = (field: string, what: string) => new AisleError('invalid_argument', `The relay's configuration ${file}: "${field}" must be ${what}.`);
  if (!isText(c.server)) throw bad('server', "the warehouse server's address");
  if (!isText(c.postgres)) throw bad('postgres', 'a PostgreSQL connection string');
  if (!c.listen || !isText(c.listen.host) || !Number.isInteger(c.listen.port)) throw bad('listen', '{ "host": "127.0.0.1", "port": 8790 }');
  if (!isText(c.dataDir)) throw bad('dataDir', 'a folder');
  if (typeof c.intervalMinutes !== 'number' || !(c.intervalMinutes > 0)) throw bad('intervalMinutes', 'a number of minutes above 0');
  if (!Array.isArray(c.scopes) || !c.scopes.length) throw bad('scopes', 'a list of at least one service user');
  for (const [i, s] of c.scopes.entries()) {
    if (!isText(s?.name) || !/^[A-Za-z0-9_-]{1,40}$/.test(s.name)) throw bad(`scopes[${i}].name`, 'letters, digits, - or _');
    if (!isText(s.email)) throw bad(`scopes[${i}].email`, "the service user's e-mail");
    if (!isText(s.passwordEnv) === !isText(s.passwordFile)) throw bad(`scopes[${i}]`, 'given exactly one of "passwordEnv" and "passwordFile"');
  }
  return c as RelayConfig;
}

/** A scope's password: from its environment variable, or its file when no one but the service may read it. */
export function scopePassword(scope: RelayScopeConfig, env: NodeJS.ProcessEnv): string {
  if (scope.passwordEnv) {
    const value = env[scope.passwordEnv];
    if (!value) throw new AisleError('invalid_argument', `The password of scope ${scope.name} is to come from ${scope.passwordEnv}, which is not set.`);
    return value;
  }
  const file = scope.passwordFile as string;
  const mode = statSync(file, { throwIfNoEntry: false })?.mode;
  if (mode === undefined) throw new AisleError('invalid_argument', `The password file of scope ${scope.name}, ${file}, does not exist.`);
  if (mode & 0o077) throw new AisleError('invalid_argument', `The password file of scope ${scope.name}, ${file}, may be read by others (mode ${(mode & 0o777).toString(8)}): chmod 600 it.`);
  const value = readFileSync(file, 'utf8').replace(/\r?\n$/, '');
  if (!value) throw new AisleError('invalid_argument', `The password file of scope ${scope.name}, ${file}, is empty.`);
  return value;
}
