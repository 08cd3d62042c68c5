// `aisle probe`: IT's first contact with a warehouse server. Signs in with its own session, calls
// every operation once (read-only), and prints what each answered, what Aisle learned from it and
// what blocks Aisle, ending with "ready for Aisle" or the list of blockers.
import { parseArgs } from 'node:util';
import { completeServer } from '../../../contract/server-address.ts';
import type { ProbeReport } from '../../../contract/types.ts';
import { runProbe } from '../../../core/entrances/probe.ts';
import { CliError, type CliIo, type Command } from '../command.ts';
import { readPassword } from '../sign-in.ts';

export function probeLines(report: ProbeReport): string[] {
  const lines = [`probe of ${report.server}, ${(report.tookMs / 1000).toFixed(1)} s`, ''];
  for (const op of report.operations) {
    const status = op.outcome === 'skipped' ? 'skipped' : op.status === null ? 'no answer' : String(op.status);
    lines.push(`${op.method.padEnd(6)} ${op.path}  ${status}${op.outcome === 'skipped' ? '' : `  ${op.ms} ms`}`);
    for (const learned of op.learned) lines.push(`         ${learned}`);
    if (op.problem) lines.push(`         ${op.outcome === 'skipped' ? '' : 'FAILED: '}${op.problem}`);
  }
  lines.push('', `token delivery: ${report.tokenDelivery ?? 'none found'}`);
  lines.push(`inventory body: ${report.inventoryBody ? JSON.stringify(report.inventoryBody) : 'none taken'}`);
  if (report.lists.length) {
    lines.push('lists (first page):');
    for (const l of report.lists) {
      const shape = l.envelope === null ? (l.status === null ? 'not asked' : `status ${l.status}, no records found`) : `${l.records} records, ${l.envelope}, paging ${l.paging}`;
      lines.push(`  ${l.list.padEnd(20)} ${shape}${l.envelope ? `; id ${l.idField ?? 'NONE'}, code ${l.codeField ?? '-'}, barcode ${l.barcodeField ?? '-'}` : ''}`);
    }
  }
  lines.push('');
  if (report.ready) lines.push('ready for Aisle');
  else lines.push('not ready for Aisle:', ...report.blockers.map((b) => `  - ${b}`));
  return lines;
}

export const probeCommand: Command = {
  name: 'probe',
  summary: 'Check a server against what Aisle needs: every operation once, read-only',
  usage: [
    'Usage: aisle probe --server <url> --email <e-mail> [--license <id>] [--json]',
    '',
    'The password comes from AISLE_PASSWORD or is asked for; it is never a flag.',
    'Signs in with a session of its own, calls each operation of the interface once (it never ends',
    "another session; it ends its own at the end), reads only the first page (at most 1 MB) of each",
    'list, and reports per operation its status, time, what it showed and what failed. Exits 0 when',
    'nothing blocks Aisle, 1 otherwise. --json prints the report for tools.',
  ].join('\n'),
  async run(argv: string[], io: CliIo) {
    const { values } = parseArgs({ args: argv, strict: true, options: { server: { type: 'string' }, email: { type: 'string' }, license: { type: 'string' }, json: { type: 'boolean' } } });
    if (!values.server) throw new CliError('--server is required.', 2);
    if (!values.email) throw new CliError('--email is required.', 2);
    const password = await readPassword(io);
    // the address read as the sign-in form reads it: `wms.example.com` is https://wms.example.com
    const report = await runProbe({ server: completeServer(values.server), email: values.email, password, licenseId: values.license });
    if (values.json) io.out(JSON.stringify(report, null, 2));
    else for (const line of probeLines(report)) io.out(line);
    return report.ready ? 0 : 1;
  },
};
