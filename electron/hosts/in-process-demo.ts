// The "Demo warehouse" of the sign-in screen, for every host (Electron, browser host, CLI): the demo
// server started in-process on first use, reused, and closed with the core.
import path from 'node:path';

export interface InProcessDemo {
  start(): Promise<{ url: string }>;
  close(): Promise<void>;
}

export function inProcessDemo(dataDir: string): InProcessDemo {
  let running: Promise<{ url: string; close(): Promise<void> }> | null = null;
  return {
    start(): Promise<{ url: string }> {
      running ??= import('../demo/index.ts')
        .then(({ startDemoServer }) => startDemoServer({ dataFile: path.join(dataDir, 'demo-server.sqlite') }))
        .catch((error: unknown) => {
          running = null;
          throw error;
        });
      return running;
    },
    async close(): Promise<void> {
      const server = running && (await running.catch(() => null));
      running = null;
      await server?.close();
    },
  };
}
