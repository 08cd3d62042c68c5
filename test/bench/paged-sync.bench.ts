// Sync of a list that pages, each page with its own ETag: the demo server with its `spring` profile
// (Spring Page bodies, 100 records a page, camelCase fields read through the field map) in its own
// process, over loopback, the round in this process as the sync worker runs it:
//   first sync          every page downloaded, the field map decided and extracted at apply
//   no change, ETags    every page asked with its ETag, all 304: nothing downloaded, nothing applied
//   no change, whole    the same round with the kept pages forgotten first: every page downloaded
//                       and compared, as a list of several pages was read before ETags per page
//   1% changed          the demo's next revision (its page ETags all change with the list's version)
//   node test/bench/paged-sync.bench.ts [--quick]
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { createAuthApi } from '../../electron/core/api/auth-api.ts';
import { openMirror } from '../../electron/core/db/connection.ts';
import { runRound } from '../../electron/core/sync/round/run-round.ts';

const quick = process.argv.includes('--quick');
const ITEMS = quick ? 20_000 : 100_000;
const report = (name: string, value: number, unit: string) => process.stdout.write(`BENCH ${JSON.stringify({ name, value, unit })}\n`);
const log = (line: string) => process.stderr.write(line + '\n');

const demo = spawn(process.execPath, [path.join(import.meta.dirname, 'demo-process.ts'), `--items=${ITEMS}`, '--accounts=1', '--facilities=1', '--profile=spring'], { stdio: ['pipe', 'pipe', 'inherit'] });
const lines = createInterface({ input: demo.stdout! })[Symbol.asyncIterator]();
const nextLine = async () => String((await lines.next()).value ?? '');
const url = (await nextLine()).replace(/^URL /, '');
const dir = mkdtempSync(path.join(tmpdir(), 'aisle-paged-bench-'));
const db = openMirror(path.join(dir, 'mirror.sqlite'));
try {
  const api = createAuthApi({ baseUrl: url });
  const credentials = { email: 'demo@example.com', password: 'demo1234' };
  const license = (await api.licenses(credentials)).find((l) => l.enabled)!;
  const { accessToken } = await api.openSession({ ...credentials, licenseId: license.id, locale: 'en_US' });
  const round = async () => {
    const started = performance.now();
    const result = await runRound(db, {
      baseUrl: url,
      accessToken: async () => accessToken,
      refreshAfterUnauthorized: async () => accessToken,
      plan: { offlineLists: ['items'], offlineFacilities: [], userFacilities: [], historyDays: 0 },
    });
    const items = result.datasets.find((d) => d.key.startsWith('items@'))!;
    if (items.outcome === 'error') throw new Error(`sync failed: ${items.error!.message}`);
    return { seconds: (performance.now() - started) / 1000, items };
  };
  const pages = () => {
    const memory = db.prepare(`SELECT value FROM meta WHERE key LIKE 'list_reading:%' AND value LIKE '%"pages":%' ORDER BY length(value) DESC LIMIT 1`).pluck().get() as string;
    return (JSON.parse(memory) as { pages: number }).pages;
  };

  const first = await round();
  // the second reading asks the first page as every later one will (with the page size): its pages are the ones kept
  await round();
  log(`first sync: ${first.items.rows} items in ${pages()} pages, ${first.seconds.toFixed(2)} s`);
  const withEtags = await round();
  if (withEtags.items.outcome !== 'unchanged') throw new Error(`expected every page 304, got ${withEtags.items.outcome}`);
  db.prepare(`UPDATE meta SET value = json_remove(value, '$.kept') WHERE key LIKE 'list_reading:%'`).run();
  const whole = await round();
  log(`no change: every page asked with its ETag ${withEtags.seconds.toFixed(2)} s (${withEtags.items.outcome}); read whole ${whole.seconds.toFixed(2)} s (${whole.items.outcome})`);
  demo.stdin!.write('revision 1\n');
  await nextLine();
  const changed = await round();
  log(`1% changed: ${changed.seconds.toFixed(2)} s (${changed.items.outcome})`);

  report(`paged list (spring profile, ${ITEMS.toLocaleString('en-US')} items, ${pages()} pages): first sync, field map decided and extracted at apply`, first.seconds, 's');
  report('paged list: first sync rate', first.items.rows / first.seconds, 'rows/s');
  report('paged list: no-change round, every page asked with its ETag (all 304)', withEtags.seconds, 's');
  report('paged list: no-change round, every page read whole (no page ETags kept)', whole.seconds, 's');
  report('paged list: no-change round, ETags per page / read whole', withEtags.seconds / whole.seconds, 'ratio');
  report('paged list: 1% changed round (every page ETag changes with the list)', changed.seconds, 's');
} finally {
  db.close();
  demo.stdin!.write('exit\n');
  rmSync(dir, { recursive: true, force: true });
}
