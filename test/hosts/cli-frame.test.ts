// The CLI frame every command plugs into: how a command's failures become one line and an exit code.
import { afterEach, describe, expect, it } from 'vitest';
import { AisleError } from '../../electron/contract/errors.ts';
import { COMMANDS, main, type CommandEntry } from '../../electron/hosts/cli/cli.ts';
import { CliError, type CliIo, type Command } from '../../electron/hosts/cli/command.ts';
import { parseArgs } from 'node:util';

function io() {
  const out: string[] = [];
  const err: string[] = [];
  const value: CliIo = { out: (l) => out.push(l), err: (l) => err.push(l), env: {}, promptPassword: async () => 'x' };
  return { io: value, out, err };
}

const frameTest: Command = {
  name: 'frame-test',
  summary: 'test command',
  usage: 'Usage: aisle frame-test <how>',
  async run(argv, cli) {
    const how = argv[0];
    if (how === 'ok') {
      cli.out('fine');
      return 0;
    }
    if (how === 'cli') throw new CliError('bad input', 3);
    if (how === 'aisle') throw new AisleError('offline', 'The server cannot be reached.');
    if (how === 'args') parseArgs({ args: argv.slice(1), options: {} });
    throw new Error('boom');
  },
};

const frameTestEntry: CommandEntry = { name: frameTest.name, summary: frameTest.summary, load: async () => frameTest };

describe('CLI frame', () => {
  afterEach(() => {
    const at = COMMANDS.indexOf(frameTestEntry);
    if (at >= 0) COMMANDS.splice(at, 1);
  });

  it('runs a registered command and lists it in --help', async () => {
    COMMANDS.push(frameTestEntry);
    const help = io();
    expect(await main(['--help'], help.io)).toBe(0);
    expect(help.out.join('\n')).toMatch(/frame-test\s+test command/);
    const run = io();
    expect(await main(['frame-test', 'ok'], run.io)).toBe(0);
    expect(run.out).toEqual(['fine']);
    const usage = io();
    expect(await main(['frame-test', '--help'], usage.io)).toBe(0);
    expect(usage.out).toEqual(['Usage: aisle frame-test <how>']);
  });

  it('turns each kind of failure into one line on stderr and a non-zero exit', async () => {
    COMMANDS.push(frameTestEntry);
    const cases: [string, number, RegExp][] = [
      ['cli', 3, /^aisle frame-test: bad input$/],
      ['aisle', 1, /^aisle frame-test: The server cannot be reached\. \(offline\)$/],
      ['args', 2, /^aisle frame-test: .*--nope/],
      ['other', 1, /^aisle frame-test: unexpected failure: boom$/],
    ];
    for (const [how, code, line] of cases) {
      const run = io();
      const args = how === 'args' ? ['frame-test', how, '--nope'] : ['frame-test', how];
      expect(await main(args, run.io), how).toBe(code);
      expect(run.err, how).toHaveLength(1);
      expect(run.err[0], how).toMatch(line);
      expect(run.out, how).toEqual([]);
    }
  });
});
