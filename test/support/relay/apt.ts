// Installs a Debian package when its program is missing, as .ci/run does for chromium.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export function ensureDebianPackage(program: string, pkg: string): void {
  if (existsSync(program)) return;
  const root = process.getuid?.() === 0;
  const run = (args: string[]) => execFileSync(root ? args[0] : 'sudo', root ? args.slice(1) : args, { stdio: 'ignore', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  run(['apt-get', 'update', '-qq']);
  run(['apt-get', 'install', '-y', '-qq', pkg]);
  if (!existsSync(program) && spawnSync('which', [program]).status !== 0) throw new Error(`${pkg} was installed but ${program} is not there`);
}
