// The demo warehouse in its own process, so that its CPU and memory are not the client's.
// Talks to the runner over IPC: `ready` (url and ids), `revision` (switch data), `close`.
//   node test/bench/procs/demo-server.ts <items>
import { startDemoServer } from '../../../electron/demo/index.ts';

const items = Number(process.argv[2]);
const server = await startDemoServer({ items, rateLimit: 0, today: '2026-11-01', historyDays: 30 });
const send = (message: unknown) => process.send!(message);
send({ type: 'ready', url: server.url, ids: server.ids() });

process.on('message', (message: { type: string; revision?: number }) => {
  try {
    if (message.type === 'revision') {
      server.setRevision(message.revision ?? 0);
      send({ type: 'revision', revision: server.revision });
    } else if (message.type === 'close') {
      void server.close().then(() => {
        send({ type: 'close' });
        process.disconnect();
      });
    }
  } catch (error) {
    send({ type: message.type, error: (error as Error).message });
  }
});
