import net from 'node:net';

/** A TCP port of 127.0.0.1 free a moment ago (for a server that cannot listen on port 0 and tell). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
