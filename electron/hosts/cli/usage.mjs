// `aisle --help`, in plain JavaScript: bin.mjs prints it without loading one TypeScript module
// (Node's type stripping alone costs a quick command more than the help itself), and cli.ts gives
// the same text for `aisle help`. The commands' names and summaries are in commands.json.
import COMMAND_LIST from './commands.json' with { type: 'json' };

export { COMMAND_LIST };

/** @param {readonly { name: string; summary: string }[]} commands */
export function usage(commands = COMMAND_LIST) {
  const lines = ['Usage: aisle <command> [options]', '', 'Commands:'];
  for (const command of commands) lines.push(`  ${command.name.padEnd(14)}${command.summary}`);
  lines.push('', 'Options:', '  --help        Show this help (or `aisle <command> --help`)', '  --version     Print the version', '  --verbose     Also print the log to stderr (it is always written to <data folder>/logs)');
  return lines.join('\n');
}
