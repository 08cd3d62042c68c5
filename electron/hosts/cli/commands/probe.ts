// `aisle probe`: IT's first contact with a warehouse server. Signs in as `aisle sync` does (this
// workstation's settings: `allowPlainHttp`, the auth deadline), runs one sync round into a
// throw-away mirror, and prints what the round did per list, what it learned, and "ready for
// Aisle" or what blocks, in the words of the probe's facts (probe-facts.ts).
import { parseArgs } from 'node:util';
import { noticeInEnglish } from '../../../contract/notices.ts';
import { probeFactInEnglish } from '../../../contract/probe-facts.ts';
import { completeServer } from '../../../contract/server-address.ts';
import type { ProbeReport } from '../../../contract/types.ts';
import { createNodeCore } from '../../node-core.ts';
import { CliError, type CliIo, type Command } from '../command.ts';
import { readPassword } from '../sign-in.ts';

export function probeLines(report: ProbeReport): string[] {
  const lines = [`probe of ${report.server}, ${(report.tookMs / 1000).toFixed(1)} s`, ''];
  if (report.signIn) {
    const token = report.signIn.tokenDelivery;
    lines.push(`signed in under license ${report.signIn.licenseId}; token delivery: ${token ? `${token.source} ${token.name}` : 'not learned'}`);
    for (const notice of report.signIn.notices) lines.push(`notice: ${noticeInEnglish(notice)}`);
  }
  if (report.lists.length) {
    lines.push('', 'sync round:');
    for (const l of report.lists) {
      const where = l.scopeName ?? l.scopeId;
      const paging = l.paging ? `, paging ${l.paging}${l.pages === null ? '' : ` (${l.pages} ${l.pages === 1 ? 'page' : 'pages'})`}` : '';
      const envelope = l.envelope === null ? '' : l.envelope.field === null ? ', records in a bare array' : `, records in \`${l.envelope.field}\``;
      const outcome = l.outcome === 'ok' ? `ok, ${l.rows} rows${envelope}${paging}` : `${l.outcome.toUpperCase()}${l.error ? ` (${l.error.code}): ${l.error.message}` : ''}`;
      lines.push(`  ${`${l.list}${where ? ` of ${where}` : ''}`.padEnd(32)} ${outcome}`);
    }
  }
  if (report.requestForms.length) {
    lines.push('', 'request forms:');
    for (const f of report.requestForms) lines.push(`  POST ${f.endpoint}: ${f.form}`);
  }
  if (report.fields.length) {
    lines.push('', 'field map:');
    for (const list of report.fields) {
      const mapped = list.fields.filter((f) => f.field !== null).map((f) => `${f.column} ← ${f.field}`);
      lines.push(`  ${list.list.padEnd(20)} ${mapped.join(', ') || 'no field mapped'}`);
    }
  }
  if (report.warnings.length) lines.push('', 'not needed, but failed:', ...report.warnings.map((f) => `  - ${probeFactInEnglish(f)}`));
  lines.push('');
  if (report.ready) lines.push('ready for Aisle');
  else lines.push('not ready for Aisle:', ...report.blockers.map((f) => `  - ${probeFactInEnglish(f)}`));
  return lines;
}

export const probeCommand: Command = {
  name: 'probe',
  summary: 'Check a server: sign in and one sync round into a throw-away mirror, read-only',
  usage: [
    'Usage: aisle probe --server <url|demo> --email <e-mail> [--license <id>] [--deadline <seconds>] [--json] [--data <dir>]',
    '',
    'The password comes from AISLE_PASSWORD or is asked for; it is never a flag.',
    "Signs in as aisle sync does, under this workstation's settings (--data: another data folder's),",
    'runs one sync round into a throw-away mirror (deleted afterwards), ends its own session, and',
    'reports what the round did per list and what it learned. Exits 0 when the round leaves a usable',
    'mirror ("ready for Aisle"), 1 otherwise. --deadline bounds the whole probe (default 600 s).',
    '--json prints the report for tools.',
  ].join('\n'),
  async run(argv: string[], io: CliIo) {
    const { values } = parseArgs({
      args: argv,
      strict: true,
      options: { server: { type: 'string' }, email: { type: 'string' }, license: { type: 'string' }, deadline: { type: 'string' }, json: { type: 'boolean' }, data: { type: 'string' }, 'data-dir': { type: 'string' } },
    });
    if (!values.server) throw new CliError('--server is required.', 2);
    if (!values.email) throw new CliError('--email is required.', 2);
    const deadlineSeconds = values.deadline === undefined ? undefined : Number(values.deadline);
    if (deadlineSeconds !== undefined && !(Number.isInteger(deadlineSeconds) && deadlineSeconds >= 1)) throw new CliError('--deadline is a whole number of seconds, at least 1.', 2);
    const password = await readPassword(io);
    const core = createNodeCore({ host: 'cli', dataDir: values.data ?? values['data-dir'], overrides: { autoSync: false } });
    try {
      const report = await core.handlers['diagnostics.probe']({ server: completeServer(values.server), email: values.email, password, licenseId: values.license, deadlineSeconds });
      if (values.json) io.out(JSON.stringify(report, null, 2));
      else for (const line of probeLines(report)) io.out(line);
      return report.ready ? 0 : 1;
    } finally {
      await core.close();
    }
  },
};
