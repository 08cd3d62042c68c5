// `aisle sync` runs one sync round from the command line (e.g. to prepare a workstation's mirror
// before the app first opens); `aisle status` reports how old each mirrored dataset is.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { DatasetStatus, SyncProgress, SyncStatus } from '../../../contract/types.ts';
import { defaultDataDir } from '../../../core/data-dir.ts';
import { readMirrorIdentity, mirrorPath } from '../../../core/mirror/mirror-manager.ts';
import { openMirror } from '../../../core/mirror/open-mirror.ts';
import { createConfSettingsStore } from '../../../core/settings/conf-settings-store.ts';
import { readDatasetStatuses } from '../../../core/sync/sync-status.ts';
import { createNodeCore } from '../../node-core.ts';
import { CliError, type CliIo, type Command } from '../command.ts';
import { readPassword, signInForCli } from '../sign-in.ts';

/** `aisle sync`'s exit code when nothing failed but a list was held back (1: something failed, 2: usage). */
export const HELD_EXIT_CODE = 3;

const dataOptions = { data: { type: 'string' }, 'data-dir': { type: 'string' } } as const;

function required(value: string | undefined, flag: string): string {
  if (!value) throw new CliError(`--${flag} is required.`, 2);
  return value;
}

function age(iso: string | null, now = Date.now()): string {
  if (!iso) return 'never';
  const minutes = Math.round((now - Date.parse(iso)) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 120) return `${minutes} min ago`;
  if (minutes < 48 * 60) return `${Math.round(minutes / 60)} h ago`;
  return `${Math.round(minutes / 1440)} days ago`;
}

function datasetLine(d: DatasetStatus): string {
  const scope = d.scope.id ? ` ${d.scope.name ?? d.scope.id}` : '';
  const state = d.held
    ? `HELD: would delete ${d.held.wouldDelete} of ${d.held.currentRows}`
    : d.lastError
      ? `error: ${d.lastError.message} (${d.lastError.code})`
      : d.stale
        ? 'stale'
        : 'ok';
  // as the sync page: only when it says more than the last sync's age
  const whole = d.fullCheckAt && age(d.fullCheckAt) !== age(d.lastSuccessAt) ? ` (whole checked ${age(d.fullCheckAt)})` : '';
  return `${`${d.label}${scope}`.padEnd(40)} ${String(d.rows).padStart(9)} rows  ${age(d.lastSuccessAt).padEnd(14)} ${state}${whole}`;
}

export const syncCommand: Command = {
  name: 'sync',
  summary: 'Sign in and run one sync round into the local mirror',
  usage: [
    'Usage: aisle sync --server <url|demo> --email <e-mail> [--license <id>] [--json] [--data <dir>]',
    '',
    'The password comes from AISLE_PASSWORD or is asked for; it is never a flag.',
    'Without --license: the remembered license, else the only one, else the first enabled one.',
    'Uses the same data folder as the app (--data overrides it), so it can prepare a workstation.',
    `Exit code: 0 synced, 1 a dataset failed, ${HELD_EXIT_CODE} a list was held back (it would delete most of its rows).`,
  ].join('\n'),
  async run(argv: string[], io: CliIo) {
    const { values } = parseArgs({
      args: argv,
      options: { server: { type: 'string' }, email: { type: 'string' }, license: { type: 'string' }, json: { type: 'boolean' }, ...dataOptions },
      strict: true,
    });
    const server = required(values.server, 'server');
    const email = required(values.email, 'email');
    const json = values.json ?? false;
    const password = await readPassword(io);
    const core = createNodeCore({ host: 'cli', dataDir: values.data ?? values['data-dir'], overrides: { autoSync: false } });
    const started = Date.now();
    try {
      const session = await signInForCli(core.handlers, {
        server,
        email,
        password,
        licenseId: values.license,
        firstEnabled: true,
        onChoice: (l, why) => {
          if (!json) io.err(`using license ${l.id} (${l.license_type} ${l.description}), ${why}`);
        },
      });
      if (session.state !== 'signed-in') throw new CliError(`cannot sync: the session is ${session.state}.`);
      const progress: SyncProgress[] = [];
      core.events.on('sync.progress', (p) => {
        if (p.phase === 'done' || p.phase === 'unchanged' || p.phase === 'held' || p.phase === 'error') {
          progress.push(p);
          if (!json) io.err(`${p.phase.padEnd(9)} ${p.key}  ${p.rows} rows${p.bytes ? `, ${(p.bytes / 1e6).toFixed(1)} MB` : ''}${p.error ? `  ${p.error.message}` : ''}`);
        }
      });
      const ended = new Promise<SyncStatus>((resolve) => {
        const off = core.events.on('sync.status', (s) => {
          if (!s.running && s.lastRoundFinishedAt !== null) {
            off();
            resolve(s);
          }
        });
      });
      if (!(await core.handlers['sync.now']({})).started) throw new CliError('a sync round is already running.');
      const status = await ended;
      const errors = progress.filter((p) => p.phase === 'error').length;
      const held = progress.filter((p) => p.phase === 'held').length;
      const seconds = (Date.now() - started) / 1000;
      if (json) {
        io.out(JSON.stringify({ server: session.server, email: session.email, licenseId: session.licenseId, tookSeconds: seconds, round: progress, status }, null, 2));
      } else {
        for (const d of status.datasets) io.out(datasetLine(d));
        for (const notice of status.notices ?? []) io.out(notice);
        if (held) io.out(`held: the server's answer would delete most of ${held === 1 ? 'a list' : `${held} lists`}; the data is kept until someone confirms it on the app's Sync page.`);
        io.out(`synced ${progress.length} datasets in ${seconds.toFixed(1)} s: ${errors} failed, ${held} held.`);
      }
      await core.handlers['session.signOut']({});
      // a script preparing a workstation learns that its mirror is not what the server said
      return errors ? 1 : held ? HELD_EXIT_CODE : 0;
    } finally {
      await core.close();
    }
  },
};

export const statusCommand: Command = {
  name: 'status',
  summary: 'Show how old each dataset of the local mirror(s) is',
  usage: [
    'Usage: aisle status [--server <url> --email <e-mail> --license <id>] [--json] [--data <dir>]',
    '',
    'Without an identity: every mirror in the data folder.',
  ].join('\n'),
  async run(argv: string[], io: CliIo) {
    const { values } = parseArgs({
      args: argv,
      options: { server: { type: 'string' }, email: { type: 'string' }, license: { type: 'string' }, json: { type: 'boolean' }, ...dataOptions },
      strict: true,
    });
    const dataDir = path.resolve(values.data ?? values['data-dir'] ?? defaultDataDir());
    const settings = createConfSettingsStore(dataDir, { watch: false }).get();
    const folder = path.join(dataDir, 'mirrors');
    let files = existsSync(folder) ? readdirSync(folder).filter((f) => f.endsWith('.sqlite')).map((f) => path.join(folder, f)) : [];
    if (values.server && values.email && values.license) {
      const one = mirrorPath(dataDir, { server: values.server, email: values.email, licenseId: values.license });
      files = files.filter((f) => f === one);
    }
    const mirrors = files.map((file) => {
      const db = openMirror(file, { readonly: true });
      try {
        return { path: file, identity: readMirrorIdentity(db), datasets: readDatasetStatuses(db, settings) };
      } finally {
        db.close();
      }
    });
    const shown = mirrors.filter((m) => (!values.email || m.identity?.email === values.email) && (!values.server || m.identity?.server === values.server));
    if (values.json) {
      io.out(JSON.stringify({ dataDir, mirrors: shown }, null, 2));
      return 0;
    }
    if (!shown.length) {
      io.out(`no mirror in ${dataDir} yet; run \`aisle sync\` or sign in in the app.`);
      return 0;
    }
    for (const m of shown) {
      io.out(`${m.identity ? `${m.identity.email} on ${m.identity.server} (license ${m.identity.licenseId})` : 'unknown identity'}  ${m.path}`);
      for (const d of m.datasets) io.out(`  ${datasetLine(d)}`);
      const bad = m.datasets.filter((d) => d.stale || d.lastError || d.held).length;
      io.out(`  ${m.datasets.length} datasets, ${bad} need attention.`);
    }
    return 0;
  },
};
