// `aisle sync` runs one sync round from the command line (e.g. to prepare a workstation's mirror
// before the app first opens); `aisle status` (status.ts) reports how old each mirrored dataset is.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { AisleError } from '../../../contract/errors.ts';
import { clearSyncFailure, recordSyncFailure } from '../../../core/entrances/dataset-status.ts';
import { defaultDataDir } from '../../../core/entrances/settings.ts';
import type { SyncProgress, SyncStatus } from '../../../contract/types.ts';
import { noticeInEnglish } from '../../../contract/notices.ts';
import { createNodeCore } from '../../node-core.ts';
import { CliError, type CliIo, type Command } from '../command.ts';
import { count } from '../plural.ts';
import { readPassword, signInForCli } from '../sign-in.ts';
import { datasetLine } from './status-format.ts';

/** `aisle sync`'s exit code when nothing failed but a list was held back (1: something failed, 2: usage). */
export const HELD_EXIT_CODE = 3;

const dataOptions = { data: { type: 'string' }, 'data-dir': { type: 'string' } } as const;

function required(value: string | undefined, flag: string): string {
  if (!value) throw new CliError(`--${flag} is required.`, 2);
  return value;
}

/** A failure's code and words, for the record `aisle status` reads: the core's own code when it has one. */
function failureOf(error: unknown): { code: string; message: string } {
  if (error instanceof AisleError) return { code: error.code, message: error.message };
  if (error instanceof CliError) return { code: 'sync_failed', message: error.message };
  return { code: 'internal', message: error instanceof Error ? error.message : String(error) };
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
    const dataDir = path.resolve(values.data ?? values['data-dir'] ?? defaultDataDir());
    const core = createNodeCore({ host: 'cli', dataDir, verbose: io.verbose, echo: io.verbose ? io.err : undefined, overrides: { autoSync: false } });
    const started = Date.now();
    const progress: SyncProgress[] = [];
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
      if (!json) for (const notice of session.notices ?? []) io.err(`notice    ${noticeInEnglish(notice)}`);
      core.events.on('sync.progress', (p) => {
        if (p.phase === 'done' || p.phase === 'unchanged' || p.phase === 'held' || p.phase === 'error') {
          progress.push(p);
          if (!json) io.err(`${p.phase.padEnd(9)} ${p.key}  ${count(p.rows, 'row')}${p.bytes ? `, ${(p.bytes / 1e6).toFixed(1)} MB` : ''}${p.error ? `  ${p.error.message}` : ''}`);
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
        for (const notice of status.notices ?? []) io.out(noticeInEnglish(notice));
        if (held) io.out(`held: the server's answer would delete most of ${held === 1 ? 'a list' : `${held} lists`}; the data is kept until someone confirms it on the app's Sync page.`);
        io.out(`synced ${count(progress.length, 'dataset')} in ${seconds.toFixed(1)} s: ${errors} failed, ${held} held.`);
      }
      // the lists read say the rest from now on (aisle status reads their states)
      clearSyncFailure(dataDir);
      await core.handlers['session.signOut']({});
      // a script preparing a workstation learns that its mirror is not what the server said
      return errors ? 1 : held ? HELD_EXIT_CODE : 0;
    } catch (error) {
      // failed before any list was read: nothing in the mirror says so, so the data folder does
      if (progress.length === 0) recordSyncFailure(dataDir, { at: new Date().toISOString(), ...failureOf(error), server, email });
      throw error;
    } finally {
      await core.close();
    }
  },
};
