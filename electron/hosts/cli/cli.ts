// `npx aisle <command>`: the same core without a window.
import { createInterface } from 'node:readline';
import { AisleError } from '../../contract/errors.ts';
import { packageVersion } from '../node-core.ts';
import { CliError, type CliIo, type Command } from './command.ts';
import { demoServerCommand } from './commands/demo-server.ts';
import { fieldsCommand } from './commands/fields.ts';
import { findCommand } from './commands/find.ts';
import { kioskCommand } from './commands/kiosk.ts';
import { licensesCommand, pingCommand, sessionCommand } from './commands/session-commands.ts';
import { statusCommand, syncCommand } from './commands/sync-commands.ts';

/** Commands other parts register; each lives in its own file under commands/. */
export const COMMANDS: Command[] = [demoServerCommand, licensesCommand, sessionCommand, pingCommand, syncCommand, statusCommand, findCommand, fieldsCommand, kioskCommand];

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
    io.out(packageVersion());
    return 0;
  }
  const command = COMMANDS.find((c) => c.name === first);
  if (!command) {
    io.err(`aisle: unknown command "${first}". Run \`aisle --help\` for the list.`);
    return 2;
  }
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
