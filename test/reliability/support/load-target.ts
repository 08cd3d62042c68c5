// A server under load, in its own process so that its memory is its own: the demo server, or the
// browser host over a core signed in to a demo server. Prints one JSON line when ready.
// Usage: node load-target.ts demo | node load-target.ts browser <demo url> <data dir>
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { startDemoServer } from '../../../electron/demo/index.ts';
import { startBrowserHost } from '../../../electron/hosts/browser/browser-host.ts';
import { createNodeCore } from '../../../electron/hosts/node-core.ts';

const [kind, demoUrl, dataDir] = process.argv.slice(2);
if (kind === 'demo') {
  const demo = await startDemoServer({ seed: 21, items: 2000, facilities: 1, accounts: 2, historyDays: 2, rateLimit: 0 });
  process.stdout.write(JSON.stringify({ url: demo.url, ids: demo.ids() }) + '\n');
} else {
  mkdirSync(path.join(dataDir, 'renderer'), { recursive: true });
  const core = createNodeCore({ host: 'browser', dataDir: path.join(dataDir, 'data') });
  const host = await startBrowserHost({ core, rendererDir: path.join(dataDir, 'renderer') });
  const signIn = await core.handlers['session.signIn']({ server: demoUrl, email: 'solo@example.com', password: 'demo1234', rememberMe: false });
  if (signIn.status !== 'signed-in') throw new Error('sign-in failed');
  for (;;) {
    const status = await core.handlers['sync.status']({});
    if (!status.running && status.datasets.length > 0 && status.datasets.every((d) => d.lastSuccessAt)) break;
    if (!status.running) await core.handlers['sync.now']({});
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  process.stdout.write(JSON.stringify({ url: host.origin, secret: host.secret }) + '\n');
}
