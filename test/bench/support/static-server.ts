// A tiny 127.0.0.1 server for the browser pages: cross-origin isolated (COOP/COEP), so that
// performance.now() is fine-grained in the page. Serves named files only.
import { createReadStream, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StaticServer {
  url: string;
  close(): Promise<void>;
}

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.mjs': 'text/javascript', '.json': 'application/json' };

/** `files`: URL path -> file on disk, or inline text for .html pages. */
export async function startStaticServer(files: Record<string, { file?: string; text?: string }>): Promise<StaticServer> {
  const server: Server = createServer((req, res) => {
    const entry = files[new URL(req.url ?? '/', 'http://x').pathname];
    if (!entry) {
      res.writeHead(404).end();
      return;
    }
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const type = TYPES[path.slice(path.lastIndexOf('.'))] ?? 'text/html';
    const headers = { 'content-type': `${type}; charset=utf-8`, 'cross-origin-opener-policy': 'same-origin', 'cross-origin-embedder-policy': 'require-corp', 'cache-control': 'no-store' };
    if (entry.text !== undefined) {
      res.writeHead(200, headers).end(entry.text);
      return;
    }
    res.writeHead(200, { ...headers, 'content-length': statSync(entry.file!).size });
    createReadStream(entry.file!).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
