// `npx aisle <command>`: the same core without a window.
// Start-up is kept light: this file imports nothing heavy, and each command's module (the core, the
// demo server, axios, SQLite...) is imported only when that command runs, so `--help` and a quick
// `find` or `status` do not pay for the rest.
import { createInterface } from 'node:readline';
import { AisleError } from '../../contract/errors.ts';
import { CliError, type CliIo, type Command } from './command.ts';
import { printable } from './printable.ts';
import { COMMAND_LIST, usage as usageOf } from './usage.mjs';
import { cliVersion } from './version.ts';

export { cliVersion };

/** The help text: every command of the list, as bin.mjs prints it for `--help`. */
export function usage(): string {
  return usageOf(COMMANDS);
}

/** A command as --help lists it, and how to load it when it runs. */
export interface CommandEntry {
  name: string;
  summary: string;
  load: () => Promise<Command>;
}

/** A lazy import of each command's module, by name. */
const LOADERS: Record<string, () => Promise<Command>> = {
  'demo-server': async () => (await import('./commands/demo-server.ts')).demoServerCommand,
  licenses: async () => (await import('./commands/session-commands.ts')).licensesCommand,
  session: async () => (await import('./commands/session-commands.ts')).sessionCommand,
  ping: async () => (await import('./commands/session-commands.ts')).pingCommand,
  sync: async () => (await import('./commands/sync-commands.ts')).syncCommand,
  status: async () => (await import('./commands/status.ts')).statusCommand,
  find: async () => (await import('./commands/find.ts')).findCommand,
  fields: async () => (await import('./commands/fields.ts')).fieldsCommand,
  probe: async () => (await import('./commands/probe.ts')).probeCommand,
  kiosk: async () => (await import('./commands/kiosk.ts')).kioskCommand,
  diagnostics: async () => (await import('./commands/diagnostics.ts')).diagnosticsCommand,
  relay: async () => (await import('./commands/relay.ts')).relayCommand,
};

/**
 * Every command, one line each: name and the summary --help prints (the same as the command's
 * own), from commands.json, with its loader. Add a command by adding its line there and here.
 */
export const COMMANDS: CommandEntry[] = COMMAND_LIST.map(({ name, summary }) => ({ name, summary, load: LOADERS[name]! }));

export const defaultIo: CliIo = {
  out: (line) => process.stdout.write(line + '\n'),
  err: (line) => process.stderr.write(line + '\n'),
  env: process.env,
  promptPassword,
};

export async function main(argv: string[], given: CliIo = defaultIo): Promise<number> {
  // every line printed, whatever command wrote it, is made harmless to the terminal (printable.ts)
  let io: CliIo = { ...given, out: (line) => given.out(printable(line)), err: (line) => given.err(printable(line)) };
  // --verbose, anywhere after the command: the log mirrored to stderr, for whatever command runs
  const verbose = argv.includes('--verbose');
  if (verbose) io = { ...io, verbose };
  const [first, ...rest] = argv.filter((arg) => arg !== '--verbose');
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
