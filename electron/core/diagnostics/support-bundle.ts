// The file IT attaches to a support ticket: one zip with the recent logs, the requests made to the
// server lately, the settings and the policy, each mirror file's size and its datasets' states, and
// the versions and machine facts. Every JSON in it and every log line is scrubbed of secrets (the
// logs were scrubbed when written; once more costs little), a kiosk's exit password is left out, and
// a part that cannot be read (a damaged mirror) is said in its place rather than failing the bundle.
import { existsSync, readdirSync, readFileSync, statfsSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { strToU8, zipSync, type Zippable } from 'fflate';
import type { RequestRecord, Settings } from '../../contract/types.ts';
import { openMirror } from '../db/connection.ts';
import { readMirrorIdentity } from '../mirror/mirror-manager.ts';
import { KIOSK_FILE } from '../session/kiosk-policy.ts';
import { listLogFiles } from '../shared/log/daily-log-file.ts';
import { scrubSecrets, scrubText } from '../shared/log/secret-scrub.ts';
import { readDatasetStatuses } from '../sync/sync-status.ts';

/** Days of logs in a bundle: the week before the ticket. */
export const BUNDLE_LOG_DAYS = 7;

export interface BundleFacts {
  dataDir: string;
  host: string;
  version: string;
  /** The settings in force (with defaults), where the host has them. */
  settings: Settings | null;
  /** The machine policy in force and where it came from, where the host has it. */
  policy?: unknown;
  /** The requests made to the server lately; null where the host keeps none (the CLI). */
  requests: RequestRecord[] | null;
  /** Versions only the host knows (Electron's, Chromium's). */
  versions?: Record<string, string | undefined>;
  now?: Date;
}

export interface BundleWritten {
  file: string;
  bytes: number;
  entries: string[];
}

/** The bundle's file name: which host, when (UTC, no characters a file system refuses). */
export function bundleFileName(host: string, now = new Date()): string {
  return `aisle-diagnostics-${host}-${now.toISOString().slice(0, 19).replace(/[:T]/g, '-')}.zip`;
}

export function writeSupportBundle(file: string, facts: BundleFacts): BundleWritten {
  const now = facts.now ?? new Date();
  const json = (value: unknown) => strToU8(JSON.stringify(scrubSecrets(value), null, 2) + '\n');
  const entries: Zippable = {
    'README.txt': strToU8(readme(facts, now)),
    'about.json': json(about(facts, now)),
    'settings.json': json({ inForce: facts.settings, onDisk: readJson(path.join(facts.dataDir, 'settings.json')) }),
    'policy.json': json({ inForce: facts.policy ?? null, kioskFile: kioskOnDisk(facts.dataDir) }),
    'requests.json': json(facts.requests ?? { note: 'This host keeps no request list (the CLI): failed requests are in the logs.' }),
    'mirrors.json': json(mirrors(facts)),
  };
  const oldestDay = new Date(now.getTime() - (BUNDLE_LOG_DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
  for (const log of listLogFiles(facts.dataDir)) {
    const name = path.basename(log);
    if (name.slice(6, 16) < oldestDay) continue;
    try {
      entries[`logs/${name}`] = strToU8(scrubText(readFileSync(log, 'utf8')));
    } catch (error) {
      entries[`logs/${name}.unreadable.txt`] = strToU8(`${(error as Error).message}\n`);
    }
  }
  const zip = zipSync(entries, { level: 6, mtime: now });
  writeFileSync(file, zip, { mode: 0o600 });
  return { file, bytes: zip.length, entries: Object.keys(entries) };
}

function readme(facts: BundleFacts, now: Date): string {
  return [
    `Aisle diagnostics, made ${now.toISOString()} by the ${facts.host} host of Aisle ${facts.version}.`,
    '',
    'about.json     versions, the machine (OS, CPU, memory, free disk in the data folder)',
    'settings.json  the settings in force and the file on disk',
    'policy.json    the machine policy in force and the kiosk file (no exit password)',
    'requests.json  the requests made to the server lately, newest first (no headers, no tokens)',
    'mirrors.json   each offline data file: size, whose it is, each dataset\'s state',
    `logs/          the log files of the last ${BUNDLE_LOG_DAYS} days (JSON lines)`,
    '',
    'Passwords, PINs, tokens and cookies are never written here.',
    '',
  ].join('\n');
}

function about(facts: BundleFacts, now: Date) {
  let disk: { freeBytes: number; totalBytes: number } | { error: string };
  try {
    const fs = statfsSync(facts.dataDir);
    disk = { freeBytes: fs.bavail * fs.bsize, totalBytes: fs.blocks * fs.bsize };
  } catch (error) {
    disk = { error: (error as Error).message };
  }
  return {
    madeAt: now.toISOString(),
    aisle: { version: facts.version, host: facts.host, dataDir: facts.dataDir },
    // Electron's and Chromium's are there in the Electron host's main process
    versions: { node: process.versions.node, v8: process.versions.v8, electron: process.versions.electron, chrome: process.versions.chrome, ...facts.versions },
    machine: {
      platform: process.platform,
      os: `${os.type()} ${os.release()}`,
      arch: process.arch,
      hostname: os.hostname(),
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model ?? null,
      memoryBytes: os.totalmem(),
      freeMemoryBytes: os.freemem(),
      uptimeSeconds: Math.round(os.uptime()),
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      locale: Intl.DateTimeFormat().resolvedOptions().locale,
      dataDisk: disk,
    },
  };
}

function readJson(file: string): unknown {
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, 'utf8').replace(/^\uFEFF/, ''));
  } catch (error) {
    return { unreadable: (error as Error).message };
  }
}

/** The kiosk file as IT wrote it, without its exit password (a salted key, but a key all the same). */
function kioskOnDisk(dataDir: string): unknown {
  const kiosk = readJson(path.join(dataDir, KIOSK_FILE));
  if (kiosk === null || typeof kiosk !== 'object') return kiosk;
  const { exitPassword, ...rest } = kiosk as Record<string, unknown>;
  return { ...rest, exitPasswordSet: exitPassword !== undefined && exitPassword !== null };
}

function sizeOf(file: string): number | null {
  return statSync(file, { throwIfNoEntry: false })?.size ?? null;
}

function mirrors(facts: BundleFacts) {
  const folder = path.join(facts.dataDir, 'mirrors');
  const names = existsSync(folder) ? readdirSync(folder) : [];
  const stale = facts.settings ? { staleAfterMinutes: facts.settings.staleAfterMinutes } : { staleAfterMinutes: { default: 24 * 60 } };
  return names
    .filter((name) => name.endsWith('.sqlite'))
    .sort()
    .map((name) => {
      const file = path.join(folder, name);
      const sizes = { bytes: sizeOf(file), walBytes: sizeOf(`${file}-wal`) };
      // a damaged file set aside is kept for IT, never opened again
      if (name.includes('.damaged-')) return { file: name, setAside: true, ...sizes };
      try {
        const db = openMirror(file, { readonly: true });
        try {
          return { file: name, ...sizes, identity: readMirrorIdentity(db), datasets: readDatasetStatuses(db, stale as Pick<Settings, 'staleAfterMinutes'>) };
        } finally {
          db.close();
        }
      } catch (error) {
        return { file: name, ...sizes, unreadable: (error as Error).message };
      }
    });
}
