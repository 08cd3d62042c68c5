// `aisle fields`: which server field fills which column of each list in the offline data, and on
// what evidence; and whether IT's field-map.json is read and used. Offline, read-only.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { FieldMapReport } from '../../../contract/types.ts';
import { AisleError } from '../../../contract/errors.ts';
import { decidedLists, fieldMapReport, relearnFieldMap } from '../../../core/entrances/field-map.ts';
import { readMachinePolicy } from '../../../core/entrances/machine-policy.ts';
import { openMirror } from '../../../core/entrances/mirror-files.ts';
import { createConfSettingsStore } from '../../../core/entrances/settings-file.ts';
import { defaultDataDir } from '../../../core/entrances/settings.ts';
import { type CliIo, type Command } from '../command.ts';
import { chooseMirror } from './find.ts';

function fileLine(file: FieldMapReport['file']): string {
  if (file.state === 'absent') return `${file.path}: none (the defaults apply)`;
  if (file.state === 'invalid') return `${file.path}: NOT USED`;
  return `${file.path}: read${file.applied ? '' : ', used from the next sync on'}`;
}

function printReport(io: CliIo, report: FieldMapReport): void {
  io.out(fileLine(report.file));
  if (report.policy) io.out(`${report.policy.path}: fieldMap set by your IT department for ${report.policy.lists.join(', ') || 'no list'} (wins over field-map.json)`);
  if (report.file.warning) io.out(`  warning: ${report.file.warning}`);
  if (report.lists.length === 0) io.out('no list synced yet: nothing decided.');
  for (const list of report.lists) {
    io.out('');
    io.out(`${list.label} (${list.list}), decided ${list.decidedAt} on ${list.sample} records:`);
    for (const f of list.fields) io.out(`  ${f.column.padEnd(20)} ${(f.field === null ? '-' : f.field).padEnd(22)} ${f.evidence}`);
    if (list.rejected) io.out(`  ${list.rejected.count} record(s) not kept: ${list.rejected.reason ?? ''}`);
    for (const m of list.missing) {
      const carried = m.nowCarried.length ? `the records now carry ${m.nowCarried.map((f) => `\`${f}\``).join(', ')}` : 'no new field in its place';
      io.out(`  MISSING${m.scopeId ? ` in ${m.scopeName ?? m.scopeId}` : ''}: \`${m.field}\` (${m.column}) since ${m.since}; ${carried}. That data is kept as last read until the field is re-mapped.`);
    }
    if (list.missing.length) io.out(`  re-map: name the field in field-map.json, or run \`aisle fields --relearn ${list.list}\``);
  }
}

export const fieldsCommand: Command = {
  name: 'fields',
  summary: "Show which server field fills each list's columns, and why (field map)",
  usage: [
    'Usage: aisle fields [--json] [--relearn <list>] [--server <url>] [--email <e-mail>] [--license <id>] [--data <dir>]',
    '',
    "For each list synced: the server's field behind each column (SKU, UPC, location code, quantities...)",
    'and the evidence for it, or `field-map.json` where IT named it in that file in the data folder.',
    'Also says whether that file is read, and what is wrong with it, and which mapped fields the server',
    'no longer sends. Works offline; changes nothing, except with --relearn <list>: the next sync learns',
    "that list's fields again from what the server sends (after a server renamed them).",
  ].join('\n'),
  async run(argv: string[], io: CliIo) {
    const { values } = parseArgs({
      args: argv,
      strict: true,
      options: { json: { type: 'boolean' }, relearn: { type: 'string' }, server: { type: 'string' }, email: { type: 'string' }, license: { type: 'string' }, data: { type: 'string' }, 'data-dir': { type: 'string' } },
    });
    const dataDir = path.resolve(values.data ?? values['data-dir'] ?? defaultDataDir());
    const settings = createConfSettingsStore(dataDir, { watch: false }).get();
    const want = { server: values.server, email: values.email, licenseId: values.license };
    const explicit = Object.values(want).some((v) => v !== undefined);
    // no offline data yet: the file alone is still worth checking
    const hasMirrors = existsSync(path.join(dataDir, 'mirrors')) && readdirSync(path.join(dataDir, 'mirrors')).some((f) => f.endsWith('.sqlite'));
    const mirror = hasMirrors || explicit ? chooseMirror(dataDir, want, settings) : null;
    if (values.relearn !== undefined) {
      if (!mirror) throw new AisleError('not_found', `No offline data in ${dataDir}: nothing to re-learn.`);
      const writer = openMirror(mirror.file);
      try {
        if (!decidedLists(writer).includes(values.relearn)) {
          throw new AisleError('invalid_argument', `No field map of a list "${values.relearn}" in this offline data (its lists: ${decidedLists(writer).join(', ') || 'none yet'}).`);
        }
        relearnFieldMap(writer, values.relearn);
      } finally {
        writer.close();
      }
      io.out(`${values.relearn}: its fields are learned again from the next sync's answer (aisle sync, or Sync now in the app).`);
    }
    const db = mirror ? openMirror(mirror.file, { readonly: true }) : null;
    try {
      const report = fieldMapReport(db, dataDir, readMachinePolicy(dataDir));
      if (values.json) io.out(JSON.stringify(report, null, 2));
      else printReport(io, report);
      return report.file.state === 'invalid' ? 1 : 0;
    } finally {
      db?.close();
    }
  },
};
