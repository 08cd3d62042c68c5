// The CLI through its real entry (the package's `bin`), on the project's Node 22.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../../electron/hosts/cli/cli.ts';

const root = path.resolve(import.meta.dirname, '../..');
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string; bin: Record<string, string> };

function aisle(...args: string[]) {
  return spawnSync(path.join(root, 'node_modules/.bin/node'), [path.join(root, pkg.bin.aisle), ...args], { cwd: root, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
}

describe('aisle CLI', () => {
  it('is the package bin', () => {
    expect(pkg.bin.aisle).toBe('electron/hosts/cli/bin.mjs');
    expect(readFileSync(path.join(root, pkg.bin.aisle), 'utf8').startsWith('#!/usr/bin/env node\n')).toBe(true);
  });

  it('--help lists the usage and every registered command, exit 0', () => {
    const result = aisle('--help');
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^Usage: aisle <command> \[options\]/);
    expect(result.stdout).toContain('--version');
    for (const command of COMMANDS) expect(result.stdout).toContain(command.name);
    expect(result.stderr).toBe('');
  });

  it('--version prints the package version, exit 0', () => {
    const result = aisle('--version');
    expect(result.status).toBe(0);
    expect(result.stdout.trim()).toBe(pkg.version);
  });

  it('no command prints the usage and exits non-zero', () => {
    const result = aisle();
    expect(result.status).not.toBe(0);
    expect(result.stdout).toContain('Usage: aisle');
  });

  it('an unknown command is one line on stderr and a non-zero exit', () => {
    const result = aisle('frobnicate', '--now');
    expect(result.status).not.toBe(0);
    expect(result.stdout).toBe('');
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toBe('aisle: unknown command "frobnicate". Run `aisle --help` for the list.');
  });

  it('refuses an old Node in one line', () => {
    const result = spawnSync(process.execPath, ['-e', "Object.defineProperty(process.versions, 'node', { value: '20.1.0' }); await import(process.argv[1])", path.join(root, pkg.bin.aisle)], { encoding: 'utf8', env: { ...process.env } });
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(/needs Node\.js 22\.18 or newer/);
  });
});
