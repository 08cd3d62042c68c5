// Keystroke-to-paint of the search box, in Chromium through the browser host, with a mirror of
// 1,000,000 items, 200,000 locations and 2,000,000 stock records (`--quick`: 20,000 / 4,000 /
// 40,000). A probe the bench switches on (renderer/src/bench/search-probe.ts) measures
// each keystroke from outside the search box: to the frame after the answer to that exact text is on
// screen (`performance.measure('search:keystroke-to-paint')`), from its keydown; a keystroke overtaken before its answer showed counts as over the target.
// Target: p95 < 50 ms. Also: the list grid over every item (jump, scroll), and scans counted on a
// scan list of 5,000 rows (no target: it is a figure to watch).
//   node test/bench/renderer-search.bench.ts [--quick] [--rebuild]
import { copyFileSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { dispatch } from '../../electron/contract/dispatch.ts';
import { startDemoServer } from '../../electron/demo/index.ts';
import { startBrowserHost } from '../../electron/hosts/browser/browser-host.ts';
import { createNodeCore } from '../../electron/hosts/node-core.ts';
import type { Page } from 'playwright-core';
import { SCAN_ROWS_KEPT } from '../../electron/contract/types.ts';
import { SEARCH_PROBE_FLAG } from '../../renderer/src/bench/search-probe-flag.ts';
import { launchChromium } from '../support/chromium.ts';
import { scan } from '../support/scanner-keys.ts';
import { tempDir } from '../support/temp-dir.ts';
import { cachedBenchMirror, FULL, locationCode, QUICK, sku, upc, type BenchSizes } from './lookup-data.ts';
import { random } from './support/stats.ts';

const quick = process.argv.includes('--quick');
const sizes: BenchSizes = quick ? QUICK : FULL;
const root = fileURLToPath(new URL('../../', import.meta.url));
const artifacts = path.join(root, 'test/.artifacts');
const log = (line: string) => process.stdout.write(`[renderer search bench] ${line}\n`);

/** What a person types: codes and words, each a keystroke at a time (`--quick`: a third as many, a smoke run). */
function queries(): string[] {
  const rnd = random(7);
  const anyItem = () => Math.floor(rnd() * sizes.items);
  const words = ['blue steel', 'widget', 'oak hinge', 'copper fuse', 'glass jar', 'pump xl', 'nylon'];
  const out: string[] = [];
  for (let i = 0; i < (quick ? 4 : 12); i++) {
    out.push(sku(anyItem()));
    out.push(locationCode(Math.floor(rnd() * sizes.locations)));
    out.push(words[i % words.length]!);
    if (i % 2 === 0) out.push(upc(anyItem()).slice(0, 9));
  }
  return out;
}

async function main(): Promise<number> {
  // the same cached file as the lookup benchmark builds
  const file = cachedBenchMirror(sizes, { rebuild: process.argv.includes('--rebuild'), log });
  const data = tempDir();
  const demo = await startDemoServer({ items: 50, onError: () => undefined });
  const core = createNodeCore({
    host: 'browser',
    dataDir: data.path,
    overrides: { autoSync: false, startDemoServer: async () => ({ url: demo.url }) },
  });
  const call = async (method: string, args: unknown = {}) => {
    const result = await dispatch(core.handlers, method, args);
    if (!result.ok) throw new Error(`${method}: ${result.error.message}`);
    return result.value as Record<string, unknown>;
  };
  try {
    // Sign in once to learn where this identity's mirror lives, put the big mirror there, sign in again.
    const signIn = async () => {
      const first = await call('session.signIn', { server: 'demo', email: 'demo@example.com', password: 'demo1234' });
      if (first.status === 'choose-license') await call('session.chooseLicense', { licenseId: (first.licenses as { id: string }[])[1]!.id });
    };
    await signIn();
    const mirrors = path.join(data.path, 'mirrors');
    const target = path.join(mirrors, readdirSync(mirrors).find((f) => f.endsWith('.sqlite'))!);
    await call('session.signOut');
    for (const suffix of ['', '-wal', '-shm']) rmSync(target + suffix, { force: true });
    copyFileSync(file, target);
    await signIn();
    // autoSync is off, so no round runs (sync.service test checks that connectivity starts none).
    const status = (await call('sync.status')) as { running: boolean };
    if (status.running) throw new Error('a sync round is running although autoSync is off');
    // Then the demo server goes away: no further round can start while measuring (the lookups
    // never needed it).
    await demo.close();
    const probe = await call('search.query', { q: sku(12345), limit: 5 });
    if (!(probe.hits as unknown[]).length) throw new Error('the big mirror did not open');

    const host = await startBrowserHost({ core, rendererDir: path.join(root, 'out/renderer') });
    const browser = await launchChromium();
    try {
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      // the page loads the search probe only when flagged before it loads
      await page.addInitScript(`window[${JSON.stringify(SEARCH_PROBE_FLAG)}] = true`);
      await page.goto(host.url);
      await page.getByTestId('home-page').waitFor();
      await page.waitForSelector('html[data-search-probe=on]', { state: 'attached' });
      await page.evaluate('performance.setResourceTimingBufferSize(100000)');
      const all = queries();
      let keystrokes = 0;
      for (const q of all) {
        await page.keyboard.press('Control+k');
        await page.keyboard.press('Backspace');
        // Human speed: 80 ms between keys, so that every keystroke's answer can be measured.
        await page.keyboard.type(q, { delay: 80 });
        keystrokes += q.length;
        // a selector, not a predicate: Playwright polls a predicate with eval, which the page's CSP refuses
        await page.waitForSelector(`[data-testid=search-popup][data-query=${JSON.stringify(q)}]`, { state: 'attached' });
        await page.keyboard.press('Escape');
        await page.keyboard.press('Escape');
      }
      await page.waitForTimeout(200);
      type Entry = { duration: number; detail: { waited: number; request: number; core: number; page: number; update: number } | null };
      const entries = (await page.evaluate(
        "performance.getEntriesByName('search:keystroke-to-paint').map((e) => ({ duration: e.duration, detail: e.detail }))",
      )) as Entry[];
      // A keystroke whose answer never showed (a newer one overtook it) counts as over the target:
      // dropping it would hide exactly the slow ones.
      const unanswered = Math.max(0, keystrokes - entries.length);
      const times = [...entries.map((e) => e.duration), ...Array<number>(unanswered).fill(Infinity)];
      times.sort((a, b) => a - b);
      const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
      log(`${sizes.items.toLocaleString('en')} items in the mirror; ${all.length} queries, ${keystrokes} keystrokes, ${entries.length} measured, ${unanswered} overtaken (counted as over the target)`);
      log(`load average ${loadavg().map((l) => l.toFixed(1)).join(' ')} on ${availableParallelism()} cores`);
      log(`keydown → paint ms: p50 ${at(0.5).toFixed(1)}  p95 ${at(0.95).toFixed(1)}  p99 ${at(0.99).toFixed(1)}  max ${times.at(-1)!.toFixed(1)}`);
      // Where the time went: each part's p50/p95, and the mean split of the slowest 5 %.
      const parts = ['waited', 'request', 'core', 'page', 'update'] as const;
      const withDetail = entries.filter((e) => e.detail);
      const q = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(p * values.length))] ?? NaN;
      log(`parts (p50 / p95 ms): ${parts.map((k) => `${k} ${q(withDetail.map((e) => e.detail![k]), 0.5).toFixed(1)} / ${q(withDetail.map((e) => e.detail![k]), 0.95).toFixed(1)}`).join('  ')}`);
      // The round trip's own parts, from resource timing: the browser's network stack before the
      // request goes out, the host (its parse, dispatch and JSON) beyond main's search, the answer back.
      type Fetch = { queued: number; server: number; body: number };
      const fetches = (await page.evaluate(
        "performance.getEntriesByType('resource').filter((e) => e.name.endsWith('/api/call/search.query')).map((e) => ({ queued: e.requestStart - e.startTime, server: e.responseStart - e.requestStart, body: e.responseEnd - e.responseStart }))",
      )) as Fetch[];
      const coreTimes = withDetail.map((e) => e.detail!.core);
      if (fetches.length) log(`round trip over HTTP (${fetches.length} calls; p50 / p95 ms): before sending ${q(fetches.map((f) => f.queued), 0.5).toFixed(1)} / ${q(fetches.map((f) => f.queued), 0.95).toFixed(1)}  request → first byte ${q(fetches.map((f) => f.server), 0.5).toFixed(1)} / ${q(fetches.map((f) => f.server), 0.95).toFixed(1)} (main's search ${q(coreTimes, 0.5).toFixed(1)} / ${q(coreTimes, 0.95).toFixed(1)})  body ${q(fetches.map((f) => f.body), 0.5).toFixed(1)} / ${q(fetches.map((f) => f.body), 0.95).toFixed(1)}`);
      log(`${withDetail.length - fetches.length} of ${withDetail.length} measured searches went over the host's WebSocket`);
      const slowest = [...withDetail].sort((a, b) => b.duration - a.duration).slice(0, Math.max(1, Math.ceil(withDetail.length * 0.05)));
      const mean = (k: (typeof parts)[number]) => slowest.reduce((sum, e) => sum + e.detail![k], 0) / slowest.length;
      log(`slowest 5 % (${slowest.length}), mean ms: total ${(slowest.reduce((s2, e) => s2 + e.duration, 0) / slowest.length).toFixed(1)} ≈ waited ${mean('waited').toFixed(1)} + request ${mean('request').toFixed(1)} (main's search ${mean('core').toFixed(1)}) + page ${mean('page').toFixed(1)} (Vue update ${mean('update').toFixed(1)}, then the frame)`);
      // The page's own part: from the answer arriving to the frame that shows it.
      const own = ((await page.evaluate("performance.getEntriesByName('search:answer-to-paint').map((e) => e.duration)")) as number[]).sort((a, b) => a - b);
      const ownAt = (q: number) => own[Math.min(own.length - 1, Math.floor(q * own.length))]!;
      log(`answer → paint ms (the renderer's own share): p50 ${ownAt(0.5).toFixed(1)}  p95 ${ownAt(0.95).toFixed(1)}  p99 ${ownAt(0.99).toFixed(1)}`);
      // The list grid over every item: jumps anywhere, and a steady scroll.
      await page.evaluate(`location.hash = '#/lists/items'`);
      await page.getByTestId('grid-row').first().waitFor();
      const rowCount = await page.getByTestId('grid').getAttribute('aria-rowcount');
      mkdirSync(path.join(artifacts, 'screens'), { recursive: true });
      await page.screenshot({ path: path.join(artifacts, 'screens', 'list-1m.png') });
      const grid = (await page.evaluate(`(async () => {
        const scroller = document.querySelector('[data-testid=grid-scroller]');
        const frame = () => new Promise((r) => requestAnimationFrame(() => r(performance.now())));
        const jumps = [];
        for (let i = 1; i <= 30; i++) {
          const started = performance.now();
          scroller.scrollTop = (scroller.scrollHeight - scroller.clientHeight) * ((i * 7919) % 1000) / 1000;
          while (document.querySelector('[data-testid=grid-row].loading')) await frame();
          await frame();
          jumps.push(performance.now() - started);
        }
        const frames = [];
        let last = await frame();
        for (let i = 0; i < 120; i++) {
          scroller.scrollTop += 600;
          const now = await frame();
          frames.push(now - last);
          last = now;
        }
        return { jumps, frames };
      })()`)) as { jumps: number[]; frames: number[] };
      const q95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.95)]!;
      log(`grid over ${rowCount} rows (aria-rowcount): jump anywhere → rows painted p95 ${q95(grid.jumps).toFixed(1)} ms; steady scroll frame p95 ${q95(grid.frames).toFixed(1)} ms`);
      process.stdout.write(`BENCH ${JSON.stringify({ name: 'grid jump → rows painted p95', value: Number(q95(grid.jumps).toFixed(1)), unit: 'ms' })}\n`);
      process.stdout.write(`BENCH ${JSON.stringify({ name: 'grid steady scroll frame p95', value: Number(q95(grid.frames).toFixed(1)), unit: 'ms' })}\n`);
      // The scan list at its longest: 5,000 rows kept (a long stock take), the next scans counted on it.
      const scanned = await scanListAtItsLongest(page, call);
      log(`scan list of ${SCAN_ROWS_KEPT.toLocaleString('en')} rows: scan → row painted (${scanned.length} scans) p50 ${q(scanned, 0.5).toFixed(1)}  p95 ${q(scanned, 0.95).toFixed(1)}  max ${Math.max(...scanned).toFixed(1)} ms`);
      process.stdout.write(`BENCH ${JSON.stringify({ name: 'scan list of 5,000 rows: scan → row painted p95', value: Number(q(scanned, 0.95).toFixed(1)), unit: 'ms' })}\n`);
      const during = (await call('sync.status')) as { running: boolean };
      log(`a sync round was ${during.running ? 'RUNNING' : 'not running'} at the end of the measurement`);
      const ok = at(0.95) < 50;
      process.stdout.write(`BENCH ${JSON.stringify({ name: 'search keystroke → paint p95', value: Number(at(0.95).toFixed(1)), unit: 'ms', target: '< 50', ok })}\n`);
      process.stdout.write(`BENCH ${JSON.stringify({ name: 'search keystroke → paint p50', value: Number(at(0.5).toFixed(1)), unit: 'ms' })}\n`);
      process.stdout.write(`BENCH ${JSON.stringify({ name: 'search answer → paint p95', value: Number(ownAt(0.95).toFixed(1)), unit: 'ms' })}\n`);
      return ok ? 0 : 1;
    } finally {
      await browser.close();
      await host.close();
    }
  } finally {
    await core.close();
    await demo.close();
    data.remove();
  }
}

/**
 * Scans on the scan list screen with SCAN_ROWS_KEPT rows on it (the last few of them these scans):
 * each timed from its first key down to the frame after its row shows at the top, counted.
 */
async function scanListAtItsLongest(page: Page, call: (method: string, args?: unknown) => Promise<unknown>): Promise<number[]> {
  const fresh = 10;
  const at = new Date().toISOString();
  const rows = Array.from({ length: SCAN_ROWS_KEPT - fresh }, (_, i) => ({ key: `\ncode:OLD-${i}`, code: `OLD-${i}`, kind: 'none', hit: null, location: null, count: 1, onHandHere: null, matches: 0, at }));
  await call('scans.save', { rows, location: null });
  // to the scan list, then a reload: the list is read back at start (a hash set after the reload
  // raced the app's start, which put the page back on the route it loaded with)
  await page.evaluate(`location.hash = '#/scans'`);
  await page.reload();
  await page.waitForSelector(`[data-testid=scans-table][aria-rowcount="${SCAN_ROWS_KEPT - fresh + 1}"]`, { state: 'attached' });
  const times: number[] = [];
  for (let i = 0; i < fresh * 2; i++) {
    // a new item, then the same again (counted up, moved to the top)
    const code = sku(1000 + Math.floor(i / 2));
    const count = (i % 2) + 1;
    await page.evaluate(`void (window.scanPainted = new Promise((resolve) => {
      let started = null;
      document.addEventListener('keydown', () => (started = performance.now()), { capture: true, once: true });
      const table = document.querySelector('[data-testid=scans-table]');
      const shown = () => { const first = table.querySelector('[data-testid=scan-row]'); return first?.dataset.count === '${count}' && first.textContent.includes('${code}'); };
      const watch = new MutationObserver(() => {
        if (!shown()) return;
        watch.disconnect();
        requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - started)));
      });
      watch.observe(table, { subtree: true, childList: true, characterData: true, attributes: true });
    }))`);
    await scan(page, code);
    times.push(Number(await page.evaluate('window.scanPainted')));
  }
  await call('scans.save', { rows: [], location: null });
  return times;
}

process.exitCode = await main();
