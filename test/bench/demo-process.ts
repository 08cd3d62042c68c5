// The demo server in its own process for benchmarks, so that its CPU and memory are not counted as
// the client's. Prints `URL <url>` when ready; reads commands on stdin: `revision <n>`, `exit`.
import { createInterface } from 'node:readline';
import { startDemoServer } from '../../electron/demo/index.ts';

const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const server = await startDemoServer({
  port: 0,
  seed: Number(args.get('seed') ?? 7),
  items: Number(args.get('items') ?? 10_000),
  accounts: Number(args.get('accounts') ?? 1),
  facilities: Number(args.get('facilities') ?? 1),
  rateLimit: 0,
  // a named profile (`--profile=spring`: Spring Page bodies, page/size paging, an ETag per page)
  profile: args.get('profile'),
});
process.stdout.write(`URL ${server.url}\n`);
for await (const line of createInterface({ input: process.stdin })) {
  const [command, value] = line.trim().split(/\s+/);
  if (command === 'revision') server.setRevision(Number(value));
  if (command === 'exit') break;
  process.stdout.write(`OK ${line.trim()}\n`);
}
await server.close();
process.exit(0);
