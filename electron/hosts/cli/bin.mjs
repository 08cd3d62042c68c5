#!/usr/bin/env node
// Entry of `npx aisle`: the prebuilt bundle (out/cli/, plain JavaScript) while it matches the sources,
// else the TypeScript sources directly on Node >= 22.18 (type stripping), which costs more time.
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 18)) {
  console.error(`aisle: needs Node.js 22.18 or newer (this is ${process.versions.node}); run it through npx or npm scripts, which use the project's own Node.`);
  process.exit(1);
}
// A reader that closes early (`aisle find … | head -1`): stop writing and exit quietly with 0, as git
// and grep stop, instead of Node's stack trace for the unhandled EPIPE. SQLite keeps the mirror whole.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error) => {
    if (error.code !== 'EPIPE') throw error;
    process.exit(0);
  });
}
const argv = process.argv.slice(2);
if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-v')) {
  // The version alone: package.json, and not one module of the app (scripts call this to check an install).
  const { readFileSync } = await import('node:fs');
  console.log(JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')).version);
} else if (argv.length === 0 || (argv.length === 1 && ['--help', '-h', 'help'].includes(argv[0]))) {
  // The help alone: the command list, and not one TypeScript module.
  const { usage } = await import('./usage.mjs');
  console.log(usage());
  process.exitCode = argv.length === 0 ? 1 : 0;
} else {
  // AISLE_CLI_BUNDLE_DIR: another bundle (tests and the bench build their own; a folder without one runs the sources)
  const { freshBundle } = await import('./bundle.mjs');
  const { main } = await import(freshBundle(process.env.AISLE_CLI_BUNDLE_DIR || undefined) ?? './cli.ts');
  process.exitCode = await main(argv);
}
