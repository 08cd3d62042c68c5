// `aisle diagnostics --out FILE`: the diagnostics file IT attaches to a ticket, written from the
// data folder alone (no sign-in, no network): the logs, the settings and policy, each mirror's size
// and datasets, versions and the machine. The same zip the app's Diagnostics page saves.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { writeSupportBundle } from '../../../core/entrances/diagnostics-bundle.ts';
import { readMachinePolicy } from '../../../core/entrances/machine-policy.ts';
import { defaultDataDir } from '../../../core/entrances/settings.ts';
import { withDefaults } from '../../../core/entrances/settings-file.ts';
import { CliError, type CliIo, type Command } from '../command.ts';
import { cliVersion } from '../version.ts';

/** The settings on disk with defaults, read without moving a damaged file aside (the app does that). */
function settingsOnDisk(dataDir: string) {
  try {
    return withDefaults((JSON.parse(readFileSync(path.join(dataDir, 'settings.json'), 'utf8').replace(/^\uFEFF/, '')) as { settings?: unknown }).settings);
  } catch {
    return withDefaults(undefined);
  }
}

export const diagnosticsCommand: Command = {
  name: 'diagnostics',
  summary: 'Write the diagnostics file for IT: logs, settings, policy, mirrors, versions (no secrets)',
  usage: [
    'Usage: aisle diagnostics --out <file.zip> [--data <dir>]',
    '',
    'Reads the data folder only: no sign-in, no network. Passwords, PINs and tokens are never written.',
  ].join('\n'),
  async run(argv: string[], io: CliIo) {
    const { values } = parseArgs({ args: argv, options: { out: { type: 'string' }, data: { type: 'string' }, 'data-dir': { type: 'string' } }, strict: true });
    if (!values.out) throw new CliError('--out is required (where to write the zip).', 2);
    const dataDir = path.resolve(values.data ?? values['data-dir'] ?? defaultDataDir());
    const out = path.resolve(values.out);
    let written;
    try {
      written = writeSupportBundle(out, { dataDir, host: 'cli', version: cliVersion(), settings: settingsOnDisk(dataDir), policy: readMachinePolicy(dataDir), requests: null });
    } catch (error) {
      throw new CliError(`cannot write ${out}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
    }
    io.out(`wrote ${written.file} (${Math.max(1, Math.round(written.bytes / 1024))} KB, ${written.entries.length} files)`);
    return 0;
  },
};
