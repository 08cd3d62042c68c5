// `aisle fields`: which server field fills which column of each list in the offline data, and on
// what evidence; and whether IT's field-map.json is read and used. Offline, read-only.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { FieldMapReport } from '../../../contract/types.ts';
import { defaultDataDir } from '../../../core/data-dir.ts';
import { fieldMapReport } from '../../../core/lists/field-map-report.ts';
import { openMirror } from '../../../core/db/connection.ts';
import { createConfSettingsStore } from '../../../core/settings/conf-settings-store.ts';
import { type CliIo, type Command } from '../command.ts';
import { chooseMirror } from './find.ts';

function fileLine(file: FieldMapReport['file']): string {
  if (file.state === 'absent') return `${file.path}: none (the defaults apply)`;
  if (file.state === 'invalid') return `${file.path}: NOT USED`;
  return `${file.path}: read${file.applied ? '' : ', used from the next sync on'}`;
}

function printReport(io: CliIo, report: FieldMapReport): void {
  io.out(fileLine(report.file));
  if (report.file.warning) io.out(`  warning: ${report.file.warning}`);
  if (report.lists.length === 0) io.out('no list synced yet: nothing decided.');
  for (const list of report.lists) {
    io.out('');
    io.out(`${list.label} (${list.list}), decided ${list.decidedAt} on ${list.sample} records:`);
    for (const f of list.fields) io.out(`  ${f.column.padEnd(20)} ${(f.field === null ? '-' : f.field).padEnd(22)} ${f.source === 'file' ? 'field-map.json' : f.evidence}`);
    if (list.rejected) io.out(`  ${list.rejected.count} record(s) not kept: ${list.rejected.reason ?? ''}`);
  }
}

export const fieldsCommand: Command = {
  name: 'fields',
  summary: "Show which server field fills each list's columns, and why (field map)",
  usage: [
    'Usage: aisle fields [--json] [--server <url>] [--email <e-mail>] [--license <id>] [--data <dir>]',
    '',
    "For each list synced: the server's field behind each column (SKU, UPC, location code, quantities...)",
    'and the evidence for it, or `field-map.json` where IT named it in that file in the data folder.',
    'Also says whether that file is read, and what is wrong with it. Works offline; changes nothing.',
  ].join('\n'),
  async run(argv: string[], io: CliIo) {
    const { values } = parseArgs({
      args: argv,
      strict: true,
      options: { json: { type: 'boolean' }, server: { type: 'string' }, email: { type: 'string' }, license: { type: 'string' }, data: { type: 'string' }, 'data-dir': { type: 'string' } },
    });
    const dataDir = path.resolve(values.data ?? values['data-dir'] ?? defaultDataDir());
    const settings = createConfSettingsStore(dataDir, { watch: false }).get();
    const want = { server: values.server, email: values.email, licenseId: values.license };
    const explicit = Object.values(want).some((v) => v !== undefined);
    // no offline data yet: the file alone is still worth checking
    const hasMirrors = existsSync(path.join(dataDir, 'mirrors')) && readdirSync(path.join(dataDir, 'mirrors')).some((f) => f.endsWith('.sqlite'));
    const mirror = hasMirrors || explicit ? chooseMirror(dataDir, want, settings) : null;
    const db = mirror ? openMirror(mirror.file, { readonly: true }) : null;
    try {
      const report = fieldMapReport(db, dataDir);
      if (values.json) io.out(JSON.stringify(report, null, 2));
      else printReport(io, report);
      return report.file.state === 'invalid' ? 1 : 0;
    } finally {
      db?.close();
    }
  },
};
