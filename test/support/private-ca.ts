// A private certificate authority made by openssl for a test, and a server certificate it signs for
// loopback (127.0.0.1 and localhost): what a company's internal CA or TLS-inspecting proxy looks like.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface PrivateCa {
  /** The CA's certificate (PEM file), what a workstation must trust. */
  caFile: string;
  /** The server's key and certificate, signed by the CA. */
  key: string;
  cert: string;
}

const openssl = (dir: string, ...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });

export function makePrivateCa(dir: string, name: string): PrivateCa {
  const file = (suffix: string) => path.join(dir, `${name}-${suffix}`);
  openssl(dir, 'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', `/CN=${name} test CA`, '-keyout', file('ca.key'), '-out', file('ca.pem'));
  writeFileSync(file('san.ext'), 'subjectAltName=IP:127.0.0.1,DNS:localhost\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n');
  openssl(dir, 'req', '-newkey', 'rsa:2048', '-nodes', '-subj', '/CN=127.0.0.1', '-keyout', file('server.key'), '-out', file('server.csr'));
  openssl(dir, 'x509', '-req', '-in', file('server.csr'), '-CA', file('ca.pem'), '-CAkey', file('ca.key'), '-CAcreateserial', '-days', '2', '-extfile', file('san.ext'), '-out', file('server.pem'));
  return { caFile: file('ca.pem'), key: readFileSync(file('server.key'), 'utf8'), cert: readFileSync(file('server.pem'), 'utf8') };
}
