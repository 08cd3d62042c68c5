// One server profile, end to end through the real CLI code (in-process): sign in and sync into a
// temp data folder, compare the mirror with what the server served (ids and raw JSON, per list and
// scope), and find an item by its code. Failures come back as findings naming the step, so a
// report says which part of a profile the client does not take yet.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { isDeepStrictEqual } from 'node:util';
import { startDemoServer, type DemoServer } from '../../../electron/demo/index.ts';
import { LISTS } from '../../../electron/demo/routes/list-routes.ts';
import { describeProfile, type ServerProfile } from '../../../electron/demo/profile/server-profile.ts';
import { main } from '../../../electron/hosts/cli/cli.ts';
import type { CliIo } from '../../../electron/hosts/cli/command.ts';
import { tempDir } from '../../support/temp-dir.ts';

export const EMAIL = 'demo@example.com';
export const PASSWORD = 'demo1234';
/** Small data: a profile check is about shapes, not volume. */
export const SIZES = { items: 60, accounts: 2, facilities: 1 } as const;

export interface Finding {
  step: 'sign-in' | 'sync' | 'mirror' | 'find';
  message: string;
}

export interface CliRun {
  code: number;
  out: string[];
  err: string[];
}

export async function runCli(args: string[]): Promise<CliRun> {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = { out: (l) => out.push(l), err: (l) => err.push(l), env: { AISLE_PASSWORD: PASSWORD }, promptPassword: () => Promise.reject(new Error('no terminal')) };
  const code = await main(args, io);
  return { code, out, err };
}

/** The client's name of a server list (the client spells them kebab-case). */
export function clientListName(serverName: string): string {
  return serverName.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

/** Words of the message the demo server gives for a failing list (list-routes.ts). */
const FAILING_LIST_WORDS = 'list is not available to this caller';

const RECORD_TABLES = ['items', 'locations', 'inventory', 'history', 'records'];

export interface MirrorDataset {
  key: string;
  list: string;
  scopeId: string | null;
  rows: number;
  errorCode: string | null;
  errorMessage: string | null;
  records: Map<string, unknown>;
}

/** Every dataset of the only mirror in a data folder, with its records' raw JSON by id. */
export function readMirror(dataDir: string): MirrorDataset[] | null {
  const folder = path.join(dataDir, 'mirrors');
  const files = existsSync(folder) ? readdirSync(folder).filter((f) => f.endsWith('.sqlite')) : [];
  if (files.length === 0) return null;
  if (files.length > 1) throw new Error(`expected one mirror in ${folder}, found ${files.length}`);
  const db = new Database(path.join(folder, files[0]), { readonly: true });
  try {
    const datasets = db.prepare('SELECT dataset_id, key, list, scope_id, rows, last_error_code, last_error_message FROM datasets').all() as { dataset_id: number; key: string; list: string; scope_id: string | null; rows: number; last_error_code: string | null; last_error_message: string | null }[];
    return datasets.map((d) => {
      const records = new Map<string, unknown>();
      for (const table of RECORD_TABLES) {
        for (const row of db.prepare(`SELECT id, raw FROM ${table} WHERE dataset_id = ?`).all(d.dataset_id) as { id: string; raw: string }[]) records.set(row.id, JSON.parse(row.raw));
      }
      return { key: d.key, list: d.list, scopeId: d.scope_id, rows: d.rows, errorCode: d.last_error_code, errorMessage: d.last_error_message, records };
    });
  } finally {
    db.close();
  }
}

interface Expected {
  list: string;
  scopeId: string | null;
  records: unknown[];
}

const idOf = (record: unknown) => String((record as { id: unknown }).id);

/** Every (list, scope) the server serves records in, as served. */
function expectedDatasets(server: DemoServer): Expected[] {
  const accounts = server.served('accounts').map(idOf);
  const facilities = server.served('facilities').map(idOf);
  const out: Expected[] = [];
  for (const list of LISTS) {
    const scopes = list.scope === 'global' ? [null] : list.scope === 'account' ? accounts : facilities;
    for (const scopeId of scopes) {
      const records = server.served(list.name, scopeId ?? undefined);
      if (records.length) out.push({ list: list.name, scopeId, records });
    }
  }
  return out;
}

function compareDataset(expected: Expected, dataset: MirrorDataset | undefined, findings: Finding[]): void {
  const where = `${expected.list}${expected.scopeId ? ` of ${expected.scopeId}` : ''}`;
  if (!dataset) {
    findings.push({ step: 'mirror', message: `${where}: no dataset in the mirror (the server serves ${expected.records.length} records)` });
    return;
  }
  const served = new Map(expected.records.map((r) => [idOf(r), r]));
  const missing = [...served.keys()].filter((id) => !dataset.records.has(id));
  const extra = [...dataset.records.keys()].filter((id) => !served.has(id));
  if (missing.length || extra.length) {
    findings.push({ step: 'mirror', message: `${where}: ${dataset.records.size} records mirrored, ${served.size} served (${missing.length} missing, e.g. ${missing.slice(0, 2).join(', ') || '-'}; ${extra.length} not served, e.g. ${extra.slice(0, 2).join(', ') || '-'})${dataset.errorCode ? `; last error ${dataset.errorCode}` : ''}` });
    return;
  }
  const changed = [...served].filter(([id, record]) => !isDeepStrictEqual(dataset.records.get(id), record));
  if (changed.length) findings.push({ step: 'mirror', message: `${where}: ${changed.length} records differ from what was served, e.g. ${JSON.stringify(dataset.records.get(changed[0][0])).slice(0, 200)} against ${JSON.stringify(changed[0][1]).slice(0, 200)}` });
}

export interface ProfileCheck {
  profile: ServerProfile;
  findings: Finding[];
}

/** Runs one profile end to end; never throws for what the client does wrong (it becomes a finding). */
export async function checkProfile(profile: ServerProfile, seed = 1): Promise<ProfileCheck> {
  const findings: Finding[] = [];
  const server = await startDemoServer({ ...SIZES, seed, rateLimit: 0, today: '2026-06-15', profile, onError: (e) => findings.push({ step: 'sync', message: `the demo server failed: ${String(e)}` }) });
  const dir = tempDir('aisle-interop-');
  try {
    const sync = await runCli(['sync', '--server', server.url, '--email', EMAIL, '--data', dir.path, '--json']);
    const mirror = readMirror(dir.path);
    if (!mirror) {
      findings.push({ step: 'sign-in', message: `no mirror was made: aisle sync exited ${sync.code}: ${sync.err.join(' | ').slice(0, 400)}` });
      return { profile, findings };
    }
    const failing = profile.failingList;
    const failingCodes: Record<number, string> = { 403: 'forbidden', 404: 'not_found', 500: 'server_error' };
    const expectedCode = failing ? 1 : 0;
    if (sync.code !== expectedCode) findings.push({ step: 'sync', message: `aisle sync exited ${sync.code}, expected ${expectedCode}: ${sync.err.filter((l) => !l.startsWith('using license')).join(' | ').slice(0, 400)}` });
    for (const expected of expectedDatasets(server)) {
      const dataset = mirror.find((d) => d.list === clientListName(expected.list) && d.scopeId === expected.scopeId);
      if (failing?.list === expected.list) {
        if (!dataset || dataset.errorCode !== failingCodes[failing.status] || dataset.records.size !== 0) {
          findings.push({ step: 'sync', message: `${expected.list} fails with ${failing.status}: expected the dataset to record ${failingCodes[failing.status]} and hold nothing, found ${dataset ? `${dataset.errorCode ?? 'no error'} and ${dataset.records.size} records` : 'no dataset'}` });
        } else if (!dataset.errorMessage?.includes(FAILING_LIST_WORDS)) {
          // the server's own words, whatever the shape of its error body, are what IT can act on
          findings.push({ step: 'sync', message: `${expected.list} fails with ${failing.status} and a ${profile.errors} error body: the recorded error "${dataset.errorMessage ?? ''}" lost the server's message "${FAILING_LIST_WORDS}"` });
        }
        continue;
      }
      compareDataset(expected, dataset, findings);
    }
    for (const dataset of mirror.filter((d) => d.list === 'inventory' && d.scopeId)) {
      compareDataset({ list: 'inventory', scopeId: dataset.scopeId, records: server.served('inventory', dataset.scopeId ?? undefined) }, dataset, findings);
    }
    await findItem(server, dir.path, profile, findings);
    return { profile, findings };
  } finally {
    await server.close();
    dir.remove();
  }
}

async function findItem(server: DemoServer, dataDir: string, profile: ServerProfile, findings: Finding[]): Promise<void> {
  const account = idOf(server.served('accounts')[0]);
  const item = server.served('items', account)[0] as Record<string, unknown>;
  const code = String(item[profile.aliases ? 'itemNumber' : 'sku']);
  const found = await runCli(['find', code, '--data', dataDir, '--json']);
  if (found.code !== 0) {
    findings.push({ step: 'find', message: `aisle find ${code} exited ${found.code}: ${[...found.err, ...found.out].join(' ').slice(0, 300)}` });
    return;
  }
  const result = JSON.parse(found.out.join('\n')) as { hits: { id: string; kind: string; match: string }[] };
  if (!result.hits.some((h) => h.id === idOf(item) && h.kind === 'item')) {
    findings.push({ step: 'find', message: `aisle find ${code} did not answer the item ${idOf(item)}: ${JSON.stringify(result.hits.slice(0, 3))}` });
  }
}

/** The findings as one readable block, with the profile. */
export function report(check: ProfileCheck): string {
  return [`profile: ${describeProfile(check.profile)}`, ...check.findings.map((f) => `  [${f.step}] ${f.message}`)].join('\n');
}
