// A private nginx for a test, with the shipped build/relay/aisle-relay.conf: its EDIT values set to
// the test's relay, warehouse server and folders, inside a minimal nginx.conf with its own prefix,
// pid file and temp paths; started in the foreground and stopped by pid.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureDebianPackage } from './apt.ts';
import { freePort } from './free-port.ts';

const NGINX = '/usr/sbin/nginx';
const SHIPPED = new URL('../../../build/relay/aisle-relay.conf', import.meta.url);

export interface TestNginx {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/**
 * `port`: where to listen (a restart at the address the seats know); a free one when not given.
 * `tls`: a key and certificate (PEM) to listen with HTTPS instead, as a site's IT sets it up.
 */
export async function startTestNginx(options: { relays: string[]; vendor: string; port?: number; tls?: { key: string; cert: string } }): Promise<TestNginx> {
  ensureDebianPackage(NGINX, 'nginx');
  const dir = mkdtempSync(path.join(tmpdir(), 'aisle-nginx-'));
  const cache = path.join(dir, 'cache');
  mkdirSync(cache);
  mkdirSync(path.join(dir, 'logs'));
  // as root, nginx's workers run as nobody: they must be able to write the cache
  if (process.getuid?.() === 0) for (const d of [dir, cache]) chownSync(d, 65534, 65534);
  const port = options.port ?? (await freePort());
  const shipped = readFileSync(SHIPPED, 'utf8');
  let listen = `listen 127.0.0.1:${port};`;
  if (options.tls) {
    writeFileSync(path.join(dir, 'tls.key'), options.tls.key, { mode: 0o600 });
    writeFileSync(path.join(dir, 'tls.pem'), options.tls.cert);
    listen = `listen 127.0.0.1:${port} ssl;\n    ssl_certificate ${path.join(dir, 'tls.pem')};\n    ssl_certificate_key ${path.join(dir, 'tls.key')};`;
  }
  const site = shipped
    .replace('/var/cache/nginx/aisle-relay', cache)
    .replace(/ {4}server 127\.0\.0\.1:8790;/, options.relays.map((r) => `    server ${new URL(r).host};`).join('\n'))
    .replace('listen 8780;', listen)
    .replace('proxy_pass https://warehouse.example.com;', `proxy_pass ${options.vendor};`);
  if (site === shipped) throw new Error('build/relay/aisle-relay.conf no longer has the values the test edits');
  writeFileSync(path.join(dir, 'aisle-relay.conf'), site);
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    [
      `pid ${path.join(dir, 'nginx.pid')};`,
      `error_log ${path.join(dir, 'logs', 'error.log')} warn;`,
      'worker_processes 1;',
      'events { worker_connections 512; }',
      'http {',
      `  access_log ${path.join(dir, 'logs', 'access.log')};`,
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${path.join(dir, `${t}-temp`)};`),
      `  include ${path.join(dir, 'aisle-relay.conf')};`,
      '}',
    ].join('\n'),
  );
  const check = spawnSync(NGINX, ['-t', '-p', dir, '-c', path.join(dir, 'nginx.conf')], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`nginx refuses the configuration: ${check.stderr}`);
  const child: ChildProcess = spawn(NGINX, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  await waitListening(port, () => (child.exitCode !== null ? `nginx ended: ${stderr}` : null));
  return {
    url: `${options.tls ? 'https' : 'http'}://127.0.0.1:${port}`,
    pid: child.pid as number,
    async stop() {
      if (child.exitCode === null) {
        const ended = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await ended;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function waitListening(port: number, failed: () => string | null): Promise<void> {
  const until = Date.now() + 15_000;
  for (;;) {
    const why = failed();
    if (why) throw new Error(why);
    try {
      await fetch(`http://127.0.0.1:${port}/relay/v1/none`, { signal: AbortSignal.timeout(1_000) });
      return;
    } catch {
      if (Date.now() > until) throw new Error('nginx did not start listening');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}
