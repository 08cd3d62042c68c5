// `aisle status`: how current each local mirror is. A summary line per mirror first, then its
// datasets. Reads the mirror files only: no core, no network, so it answers at once.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { readDatasetStatuses, readSyncFailure, summarizeSync } from '../../../core/entrances/dataset-status.ts';
import { mirrorFileOf, openMirror, readMirrorIdentity } from '../../../core/entrances/mirror-files.ts';
import { defaultDataDir } from '../../../core/entrances/settings.ts';
import type { CliIo, Command } from '../command.ts';
import { count } from '../plural.ts';
import { readSettings } from '../read-settings.ts';
import { clockTime, datasetLine, isInProcessDemo, mirrorSummary, needingAttention, problemLines } from './status-format.ts';

export const statusCommand: Command = {
  name: 'status',
  summary: 'Show how old each dataset of the local mirror(s) is',
  usage: [
    'Usage: aisle status [--server <url> --email <e-mail> --license <id>] [--json] [--data <dir>]',
    '',
    'Without an identity: every mirror in the data folder. First a line per mirror',
    '(server · e-mail · how current · items · problems), then each mirror\'s datasets.',
  ].join('\n'),
  async run(argv: string[], io: CliIo) {
    const { values } = parseArgs({
      args: argv,
      options: { server: { type: 'string' }, email: { type: 'string' }, license: { type: 'string' }, json: { type: 'boolean' }, data: { type: 'string' }, 'data-dir': { type: 'string' } },
      strict: true,
    });
    const dataDir = path.resolve(values.data ?? values['data-dir'] ?? defaultDataDir());
    const settings = readSettings(dataDir);
    const folder = path.join(dataDir, 'mirrors');
    let files = existsSync(folder) ? readdirSync(folder).filter((f) => f.endsWith('.sqlite')).map((f) => path.join(folder, f)) : [];
    if (values.server && values.email && values.license) {
      const one = mirrorFileOf(dataDir, { server: values.server, email: values.email, licenseId: values.license });
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
    // a sync that failed before reading any list is said for the mirror it was for (by server and e-mail), else on its own
    const failure = readSyncFailure(dataDir);
    const failureFor = (identity: (typeof mirrors)[number]['identity']) =>
      failure && identity && (!failure.server || sameServer(failure.server, identity.server)) && (!failure.email || failure.email.toLowerCase() === identity.email.toLowerCase()) ? failure : null;
    const unmatched = failure && !shown.some((m) => failureFor(m.identity)) ? failure : null;
    if (values.json) {
      io.out(JSON.stringify({ dataDir, failedSync: failure, mirrors: shown.map((m) => ({ ...m, summary: summarizeSync(m.datasets, failureFor(m.identity)) })) }, null, 2));
      return 0;
    }
    if (unmatched) io.out(`last sync${unmatched.email ? ` of ${unmatched.email}` : ''}${unmatched.server ? ` on ${unmatched.server}` : ''} failed at ${clockTime(unmatched.at)}: ${unmatched.message} (${unmatched.code})`);
    if (!shown.length) {
      io.out(`no mirror in ${dataDir} yet; run \`aisle sync\` or sign in in the app.`);
      return 0;
    }
    // Real warehouses first: an in-process demo mirror is only there from trying the app out.
    shown.sort((a, b) => Number(isInProcessDemo(a.identity)) - Number(isInProcessDemo(b.identity)));
    for (const m of shown) io.out(mirrorSummary(m.identity, m.datasets, new Date(), failureFor(m.identity)));
    for (const m of shown) {
      io.out('');
      io.out(`${m.identity ? `${m.identity.email} on ${m.identity.server} (license ${m.identity.licenseId})` : 'unknown identity'}  ${m.path}`);
      for (const line of problemLines(m.identity, m.datasets, failureFor(m.identity))) io.out(`  ${line}`);
      for (const d of m.datasets) io.out(`  ${datasetLine(d)}`);
      const attention = needingAttention(m.identity, m.datasets).length;
      io.out(`  ${count(m.datasets.length, 'dataset')}, ${attention === 0 ? 'none needs' : attention === 1 ? '1 needs' : `${attention} need`} attention.`);
    }
    return 0;
  },
};

function sameServer(a: string, b: string): boolean {
  return a.replace(/\/+$/, '').toLowerCase() === b.replace(/\/+$/, '').toLowerCase();
}
