// A forward proxy on loopback that opens CONNECT tunnels, as a corporate proxy does for HTTPS, and
// remembers where each went. `refuse` makes it answer 403 instead, as a proxy whose rules forbid the host.
import net from 'node:net';
import type { AddressInfo } from 'node:net';

export interface ConnectProxy {
  url: string;
  /** host:port of every tunnel opened, in order. */
  tunnels: string[];
  refuse: boolean;
  close(): Promise<void>;
}

export async function startConnectProxy(): Promise<ConnectProxy> {
  const sockets = new Set<net.Socket>();
  const proxy: ConnectProxy = { url: '', tunnels: [], refuse: false, close: () => Promise.resolve() };
  const server = net.createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => client.destroy());
    let head = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      head = Buffer.concat([head, chunk]);
      const end = head.indexOf('\r\n\r\n');
      if (end < 0) return;
      client.off('data', onData);
      const [method, target] = head.subarray(0, head.indexOf('\r\n')).toString('latin1').split(' ');
      if (method !== 'CONNECT' || !/^[^:]+:\d+$/.test(target)) {
        client.end('HTTP/1.1 405 Method Not Allowed\r\nContent-Length: 0\r\n\r\n');
        return;
      }
      if (proxy.refuse) {
        client.end('HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\n\r\n');
        return;
      }
      const [host, port] = target.split(':');
      const upstream = net.connect(Number(port), host, () => {
        proxy.tunnels.push(target);
        client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
        const rest = head.subarray(end + 4);
        if (rest.length) upstream.write(rest);
        upstream.pipe(client);
        client.pipe(upstream);
      });
      sockets.add(upstream);
      upstream.on('close', () => sockets.delete(upstream));
      upstream.on('error', () => client.destroy());
    };
    client.on('data', onData);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  proxy.close = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });
  return proxy;
}
