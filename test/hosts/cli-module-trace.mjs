// `node --import ./cli-module-trace.mjs …`: writes every module the process loaded (one URL a line)
// to the file named by CLI_MODULE_TRACE when it exits, so a test can see what a command imported.
import { writeFileSync } from 'node:fs';
import { registerHooks } from 'node:module';

const loaded = [];
registerHooks({
  load(url, context, nextLoad) {
    loaded.push(url);
    return nextLoad(url, context);
  },
});
process.on('exit', () => writeFileSync(process.env.CLI_MODULE_TRACE, loaded.join('\n') + '\n'));
