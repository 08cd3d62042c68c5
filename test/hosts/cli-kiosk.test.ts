// `aisle kiosk`: IT turns kiosk mode on (with an exit password that then opens the kiosk), checks
// it, and turns it off; mistakes change nothing.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { KIOSK_FILE, readKioskPolicy } from '../../electron/core/session/kiosk-policy.ts';
import { createKioskHandlers } from '../../electron/core/kiosk/kiosk-service.ts';
import { main } from '../../electron/hosts/cli/cli.ts';
import type { CliIo } from '../../electron/hosts/cli/command.ts';
import { tempDir } from '../support/temp-dir.ts';

const root = path.resolve(import.meta.dirname, '../..');
const cleanup: (() => void)[] = [];
afterEach(() => cleanup.splice(0).forEach((fn) => fn()));

function folder(): string {
  const dir = tempDir();
  cleanup.push(() => dir.remove());
  return dir.path;
}

function aisle(env: Record<string, string>, ...args: string[]) {
  return spawnSync(path.join(root, 'node_modules/.bin/node'), [path.join(root, 'electron/hosts/cli/bin.mjs'), ...args], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', ...env },
  });
}

/** A terminal that answers the password prompts with these, in order. */
function terminal(answers: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = { out: (l) => out.push(l), err: (l) => err.push(l), env: {}, promptPassword: async () => answers.shift() ?? '' };
  return { io, out, err };
}

async function opens(dataDir: string, password: string): Promise<boolean> {
  let left = false;
  const handlers = createKioskHandlers({ policy: readKioskPolicy(dataDir), leave: () => (left = true) });
  await Promise.resolve(handlers['kiosk.exit']({ password })).catch(() => undefined);
  return left;
}

describe('aisle kiosk', () => {
  it('on (password from AISLE_KIOSK_PASSWORD), status, off: through the real entry', async () => {
    const dir = folder();
    expect(aisle({}, 'kiosk', 'status', '--data-dir', dir).stdout.trim()).toBe('kiosk mode off');
    const on = aisle({ AISLE_KIOSK_PASSWORD: 'floor-exit-42' }, 'kiosk', 'on', '--data-dir', dir);
    expect([on.status, on.stdout.trim(), on.stderr]).toEqual([0, `kiosk mode on from the next start (${dir})`, '']);
    expect(aisle({}, 'kiosk', 'status', '--data-dir', dir).stdout.trim()).toBe('kiosk mode on');
    expect(await opens(dir, 'floor-exit-41')).toBe(false);
    expect(await opens(dir, 'floor-exit-42')).toBe(true);

    writeFileSync(path.join(dir, KIOSK_FILE), '{');
    expect(aisle({}, 'kiosk', 'status', '--data-dir', dir).stdout).toMatch(/^kiosk mode on, with no exit password that can be checked: kiosk\.json cannot be read/);
    expect(aisle({}, 'kiosk', 'off', '--data-dir', dir).status).toBe(0);
    expect(existsSync(path.join(dir, KIOSK_FILE))).toBe(false);
    expect(aisle({}, 'kiosk', 'status', '--data-dir', dir).stdout.trim()).toBe('kiosk mode off');
  });

  it('asks for the password twice; a mismatch or a short one changes nothing (exit 2)', async () => {
    const dir = folder();
    const differ = terminal(['floor-exit-42', 'floor-exit-24']);
    expect(await main(['kiosk', 'on', '--data-dir', dir], differ.io)).toBe(2);
    expect(differ.err).toEqual(['aisle kiosk: the two passwords differ; nothing changed.']);
    const short = terminal(['exit', 'exit']);
    expect(await main(['kiosk', 'on', '--data-dir', dir], short.io)).toBe(2);
    expect(short.err[0]).toMatch(/at least 8 characters/);
    expect(existsSync(path.join(dir, KIOSK_FILE))).toBe(false);

    const typed = terminal(['floor-exit-42', 'floor-exit-42']);
    expect(await main(['kiosk', 'on', '--data-dir', dir], typed.io)).toBe(0);
    expect(await opens(dir, 'floor-exit-42')).toBe(true);
    expect(readFileSync(path.join(dir, KIOSK_FILE), 'utf8')).not.toContain('floor-exit-42');
  });

  it('on --server pins the sign-in server; a server that is not one changes nothing', async () => {
    const dir = folder();
    const bad = aisle({ AISLE_KIOSK_PASSWORD: 'floor-exit-42' }, 'kiosk', 'on', '--server', 'wms.example.com', '--data-dir', dir);
    expect([bad.status, bad.stderr.trim()]).toEqual([1, 'aisle kiosk: The server address is not a URL (expected http://… or https://…). (invalid_argument)']);
    expect(existsSync(path.join(dir, KIOSK_FILE))).toBe(false);
    expect(aisle({ AISLE_KIOSK_PASSWORD: 'floor-exit-42' }, 'kiosk', 'on', '--server', 'https://WMS.example.com/', '--data-dir', dir).status).toBe(0);
    expect(aisle({}, 'kiosk', 'status', '--data-dir', dir).stdout.trim()).toBe('kiosk mode on; sign-ins go to https://wms.example.com only');
    const t = terminal([]);
    expect(await main(['kiosk', 'off', '--server', 'demo', '--data-dir', dir], t.io)).toBe(2);
    expect(t.err).toEqual(['aisle kiosk: --server goes with on.']);
  });

  it('anything but on, off or status is a usage error', async () => {
    for (const args of [[], ['maybe'], ['on', 'now']]) {
      const t = terminal([]);
      expect(await main(['kiosk', ...args, '--data-dir', folder()], t.io)).toBe(2);
      expect(t.err).toEqual(['aisle kiosk: say on, off or status. See `aisle kiosk --help`.']);
    }
  });
});
