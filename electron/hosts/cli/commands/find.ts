// `aisle find QUERY`: the app's search box on the command line, answered from the local mirror
// only (works with the network unplugged). The mirror is the most recently signed-in one unless
// --server/--email/--license say which. The answer comes from the core's lookup handlers through
// the contract, as the app's does, loading only the lookups (core/entrances/lookups.ts).
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { hitSubtitle, type HitWords } from '../../../contract/hit-subtitle.ts';
import type { DataAge, SearchHit, SearchResult, Settings } from '../../../contract/types.ts';
import { openLookups, type Lookups } from '../../../core/entrances/lookups.ts';
import { openMirror, readMirrorIdentity, type MirrorIdentity } from '../../../core/entrances/mirror-files.ts';
import { defaultDataDir } from '../../../core/entrances/settings.ts';
import { CliError, type CliIo, type Command } from '../command.ts';
import { count } from '../plural.ts';
import { readSettings } from '../read-settings.ts';

export interface MirrorChoice {
  file: string;
  identity: MirrorIdentity | null;
}

/**
 * The mirror to answer from: those matching the given server/e-mail/license (by default the last
 * server and e-mail the app signed in with), the most recently written first.
 */
export function chooseMirror(dataDir: string, want: { server?: string; email?: string; licenseId?: string }, settings: Pick<Settings, 'server' | 'lastEmail'>): MirrorChoice {
  const folder = path.join(dataDir, 'mirrors');
  const files = existsSync(folder) ? readdirSync(folder).filter((f) => f.endsWith('.sqlite')).map((f) => path.join(folder, f)) : [];
  if (files.length === 0) throw new CliError(`no offline data in ${dataDir} yet: sign in in the app or run \`aisle sync\` first.`);
  const mirrors = files
    .map((file) => ({ file, identity: identityOf(file), written: lastWritten(file) }))
    .sort((a, b) => b.written - a.written);
  const explicit = want.server !== undefined || want.email !== undefined || want.licenseId !== undefined;
  const matches = (m: (typeof mirrors)[number], server?: string, email?: string, licenseId?: string) =>
    (!server || sameServer(m.identity?.server, server)) && (!email || m.identity?.email.toLowerCase() === email.toLowerCase()) && (!licenseId || m.identity?.licenseId === licenseId);
  if (explicit) {
    const found = mirrors.find((m) => matches(m, want.server, want.email, want.licenseId));
    if (!found) throw new CliError(`no offline data for ${[want.email, want.server, want.licenseId].filter(Boolean).join(' on ')} in ${dataDir}.`);
    return found;
  }
  return mirrors.find((m) => settings.lastEmail && matches(m, settings.server, settings.lastEmail)) ?? mirrors[0];
}

function sameServer(a: string | undefined, b: string): boolean {
  return a !== undefined && a.replace(/\/+$/, '').toLowerCase() === b.replace(/\/+$/, '').toLowerCase();
}

function identityOf(file: string): MirrorIdentity | null {
  try {
    const db = openMirror(file, { readonly: true });
    try {
      return readMirrorIdentity(db);
    } finally {
      db.close();
    }
  } catch {
    return null;
  }
}

/** When a mirror was last written: the newer of the file and its WAL. */
function lastWritten(file: string): number {
  const times = [file, `${file}-wal`].filter(existsSync).map((f) => statSync(f).mtimeMs);
  return Math.max(...times);
}

export function describeAge(age: DataAge, now = Date.now()): string {
  if (!age.syncedAt) return 'never synced, STALE';
  const minutes = Math.max(0, Math.round((now - Date.parse(age.syncedAt)) / 60_000));
  const when = minutes < 1 ? 'just now' : minutes < 120 ? `${minutes} min ago` : minutes < 48 * 60 ? `${Math.round(minutes / 60)} h ago` : `${Math.round(minutes / 1440)} days ago`;
  return `synced ${when}${age.stale ? ', STALE' : ''}`;
}

/** The CLI speaks English: every list by the name the list registry gives it. */
const ENGLISH: HitWords = { zone: (zone) => `zone ${zone}`, list: () => null };

function hitLine(hit: SearchHit): string {
  const code = (hit.code ?? '').padEnd(16);
  const subtitle = hitSubtitle(hit, ENGLISH);
  return `${hit.match.padEnd(6)} ${hit.kind.padEnd(9)} ${code} ${hit.title}${subtitle ? ` (${subtitle})` : ''}  [${describeAge(hit.age)}]`;
}

function printResult(io: CliIo, result: SearchResult): void {
  if (result.scan.kind === 'misread') io.out(`misread: ${result.scan.reason}`);
  if (result.scan.kind === 'gs1') io.out(`GS1: ${result.scan.elements.map((e) => `(${e.ai}) ${e.label} ${e.value}`).join('  ')}`);
  if (result.lines) {
    for (const line of result.lines) {
      io.out(`${line.query}:${line.hits.length === 0 ? ' not found' : ''}`);
      for (const hit of line.hits) io.out(`  ${hitLine(hit)}`);
    }
    return;
  }
  if (result.hits.length === 0 && result.scan.kind !== 'misread') io.out('not found');
  for (const hit of result.hits) io.out(hitLine(hit));
}

/** One exact item or location: show its stock too (narrowed to a scanned lot or serial). */
async function printStock(io: CliIo, lookups: Lookups, result: SearchResult): Promise<void> {
  const exact = result.hits.filter((h) => h.match === 'exact');
  if (result.lines || exact.length !== 1 || (exact[0].kind !== 'item' && exact[0].kind !== 'location')) return;
  const hit = exact[0];
  const scan = result.scan.kind === 'gs1' ? result.scan : null;
  const answer =
    hit.kind === 'item'
      ? await lookups.call('inventory.byItem', { itemId: hit.id, lot: scan?.lot ?? undefined, serial: scan?.serial ?? undefined, scanned: scan && (scan.lot || scan.serial) ? { lot: scan.lot ?? undefined, serial: scan.serial ?? undefined } : undefined })
      : await lookups.call('inventory.byLocation', { locationId: hit.id });
  const { covers, notHere } = answer.summary;
  const names = (list: { name: string }[]) => list.map((f) => f.name).join(', ');
  io.out('');
  if (covers.length === 0) {
    // no facility's stock is here whole: no figure at all, not a 0
    io.out(`stock: not on this workstation (${names(notHere)}), no figure`);
    return;
  }
  io.out(notHere.length > 0 ? `stock in ${names(covers)} [${describeAge(answer.age)}]:` : `stock [${describeAge(answer.age)}]:`);
  // the core says whether this workstation's stock holds what the label named, as the app's item page does
  for (const s of answer.scanned ?? []) if (s.held === false) io.out(`  ${s.kind} ${s.value} (scanned) is not in this workstation's stock of this item`);
  if (notHere.length > 0) io.out(`  not on this workstation, no figure: ${names(notHere)}`);
  if (answer.rows.length === 0) io.out(notHere.length > 0 ? `  none in ${names(covers)}` : '  none');
  for (const row of answer.rows) {
    const lot = [row.lot && `lot ${row.lot}`, row.serial && `serial ${row.serial}`, row.expiry && `exp ${row.expiry}${row.expiryState === 'expired' ? ' EXPIRED' : row.expiryState === 'soon' ? ' soon' : ''}`].filter(Boolean).join(', ');
    const what = hit.kind === 'item' ? row.locationCode : `${row.sku}${row.description ? ` ${row.description}` : ''}`;
    io.out(`  ${what.padEnd(20)} on hand ${row.onHand}, allocated ${row.allocated}, available ${row.available}  ${row.status}${lot ? `  ${lot}` : ''}`);
  }
  for (const total of answer.totals) io.out(`  total ${total.facilityName ?? total.facilityId}: on hand ${total.onHand}, available ${total.available} in ${count(total.locations, 'location')}`);
}

export const findCommand: Command = {
  name: 'find',
  summary: 'Look up anything (code, barcode, GS1 scan, words) in the local mirror, offline',
  usage: [
    'Usage: aisle find QUERY... [--json] [--limit N] [--server <url>] [--email <e-mail>] [--license <id>] [--data <dir>]',
    '',
    'QUERY: a SKU, UPC/GTIN, location code in any spelling (A03 02B), a GS1 scan, or words.',
    'Several codes at once: one per line (quote them, or pass each as its own argument with --lines).',
    'Answers come from the most recently signed-in mirror (or the one --server/--email/--license name),',
    'with the age of every answer; no network is used. --json prints the SearchResult the app gets.',
  ].join('\n'),
  async run(argv: string[], io: CliIo) {
    const { values, positionals } = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        json: { type: 'boolean' },
        lines: { type: 'boolean' },
        limit: { type: 'string' },
        server: { type: 'string' },
        email: { type: 'string' },
        license: { type: 'string' },
        data: { type: 'string' },
        'data-dir': { type: 'string' },
      },
    });
    if (positionals.length === 0) throw new CliError('give something to find, e.g. `aisle find A-03-02-B`.', 2);
    const limit = values.limit === undefined ? 50 : Number(values.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > 500) throw new CliError('--limit must be a whole number from 1 to 500.', 2);
    const query = positionals.join(values.lines ? '\n' : ' ');
    const dataDir = path.resolve(values.data ?? values['data-dir'] ?? defaultDataDir());
    const settings = readSettings(dataDir);
    const mirror = chooseMirror(dataDir, { server: values.server, email: values.email, licenseId: values.license }, settings);
    const lookups = openLookups({ file: mirror.file, dataDir, settings });
    try {
      const result = await lookups.call('search.query', { q: query, limit });
      if (values.json) {
        io.out(JSON.stringify(result, null, 2));
      } else {
        const who = mirror.identity ? `${mirror.identity.email} on ${mirror.identity.server}` : path.basename(mirror.file);
        io.err(`offline data of ${who}`);
        printResult(io, result);
        await printStock(io, lookups, result);
      }
      return result.hits.length > 0 ? 0 : 1;
    } finally {
      lookups.close();
    }
  },
};
