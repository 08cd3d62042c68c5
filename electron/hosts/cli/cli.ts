// `npx aisle <command>`: the same core without a window.
// Start-up is kept light: this file imports nothing heavy, and each command's module (the core, the
// demo server, axios, SQLite...) is imported only when that command runs, so `--help` and a quick
// `find` or `status` do not pay for the rest.
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { AisleError } from '../../contract/errors.ts';
import { CliError, type CliIo, type Command } from './command.ts';

/** A command as --help lists it, and how to load it when it runs. */
export interface CommandEntry {
  name: string;
  summary: string;
  load: () => Promise<Command>;
}

/**
 * Every command, one line each: name, the summary --help prints (the same as the command's own),
 * and a lazy import of its module. Add a command by adding its line here.
 */
export const COMMANDS: CommandEntry[] = [
  { name: 'demo-server', summary: 'Run the demo warehouse server (REST interface with generated data)', load: async () => (await import('./commands/demo-server.ts')).demoServerCommand },
  { name: 'licenses', summary: 'List the licenses an account holds on a server', load: async () => (await import('./commands/session-commands.ts')).licensesCommand },
  { name: 'session', summary: 'Sign in, show the session and the profile, then sign out', load: async () => (await import('./commands/session-commands.ts')).sessionCommand },
  { name: 'ping', summary: 'Check that a server answers', load: async () => (await import('./commands/session-commands.ts')).pingCommand },
  { name: 'sync', summary: 'Sign in and run one sync round into the local mirror', load: async () => (await import('./commands/sync-commands.ts')).syncCommand },
  { name: 'status', summary: 'Show how old each dataset of the local mirror(s) is', load: async () => (await import('./commands/status.ts')).statusCommand },
  { name: 'find', summary: 'Look up anything (code, barcode, GS1 scan, words) in the local mirror, offline', load: async () => (await import('./commands/find.ts')).findCommand },
  { name: 'fields', summary: "Show which server field fills each list's columns, and why (field map)", load: async () => (await import('./commands/fields.ts')).fieldsCommand },
  { name: 'probe', summary: 'Check a server against what Aisle needs: every operation once, read-only', load: async () => (await import('./commands/probe.ts')).probeCommand },
  { name: 'kiosk', summary: 'Turn kiosk mode on or off for this workstation', load: async () => (await import('./commands/kiosk.ts')).kioskCommand },
];

/** The version in package.json (read directly: no module of the app is needed for it). */
export function cliVersion(): string {
  return (JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
}

export function usage(): string {
  const lines = ['Usage: aisle <command> [options]', '', 'Commands:'];
  for (const command of COMMANDS) lines.push(`  ${command.name.padEnd(14)}${command.summary}`);
  lines.push('', 'Options:', '  --help        Show this help (or `aisle <command> --help`)', '  --version     Print the version');
  return lines.join('\n');
}

export const defaultIo: CliIo = {
  out: (line) => process.stdout.write(line + '\n'),
  err: (line) => process.stderr.write(line + '\n'),
  env: process.env,
  promptPassword,
};

export async function main(argv: string[], io: CliIo = defaultIo): Promise<number> {
  const [first, ...rest] = argv;
  if (first === undefined || first === '--help' || first === '-h' || first === 'help') {
    io.out(usage());
    return first === undefined ? 1 : 0;
  }
  if (first === '--version' || first === '-v') {
    io.out(cliVersion());
    return 0;
  }
  const entry = COMMANDS.find((c) => c.name === first);
  if (!entry) {
    io.err(`aisle: unknown command "${first}". Run \`aisle --help\` for the list.`);
    return 2;
  }
  const command = await entry.load();
  if (rest.includes('--help') || rest.includes('-h')) {
    io.out(command.usage);
    return 0;
  }
  try {
    return await command.run(rest, io);
  } catch (error) {
    if (error instanceof CliError) {
      io.err(`aisle ${command.name}: ${error.message}`);
      return error.exitCode;
    }
    if (error instanceof AisleError) {
      io.err(`aisle ${command.name}: ${error.message} (${error.code})`);
      return 1;
    }
    if (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS')) {
      io.err(`aisle ${command.name}: ${error.message}`);
      return 2;
    }
    io.err(`aisle ${command.name}: unexpected failure: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}

function promptPassword(question: string): Promise<string> {
  if (!process.stdin.isTTY) return Promise.reject(new CliError('no terminal to ask for the password; set AISLE_PASSWORD.'));
  return new Promise((resolve) => {
    const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
    const output = rl as unknown as { _writeToOutput: (s: string) => void };
    process.stdout.write(question);
    output._writeToOutput = () => {};
    rl.question('', (answer) => {
      rl.close();
      process.stdout.write('\n');
      resolve(answer);
    });
  });
}
