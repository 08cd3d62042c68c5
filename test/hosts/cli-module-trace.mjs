// `node --import ./cli-module-trace.mjs …`: writes every module the process loaded (one URL a line)
// to the file named by CLI_MODULE_TRACE when it exits, so a test can see what a command imported.
// Also a line `locale:<call>` for each use of the locale data (toLocaleString, Intl), whose first
// use in a process costs about as much as a quick command itself.
import { writeFileSync } from 'node:fs';
import { registerHooks } from 'node:module';

const loaded = [];
registerHooks({
  load(url, context, nextLoad) {
    loaded.push(url);
    return nextLoad(url, context);
  },
});
const watch = (owner, key, label) => {
  const original = owner[key];
  owner[key] = function (...args) {
    loaded.push(`locale:${label}`);
    return new.target ? Reflect.construct(original, args, new.target) : original.apply(this, args);
  };
  // a constructor keeps its prototype and statics (instanceof, supportedLocalesOf)
  Object.setPrototypeOf(owner[key], original);
  if (original.prototype) owner[key].prototype = original.prototype;
};
watch(Number.prototype, 'toLocaleString', 'Number.toLocaleString');
for (const key of ['toLocaleString', 'toLocaleDateString', 'toLocaleTimeString']) watch(Date.prototype, key, `Date.${key}`);
for (const key of ['NumberFormat', 'DateTimeFormat', 'PluralRules', 'RelativeTimeFormat', 'Collator']) watch(Intl, key, `Intl.${key}`);
watch(String.prototype, 'localeCompare', 'String.localeCompare');
process.on('exit', () => writeFileSync(process.env.CLI_MODULE_TRACE, loaded.join('\n') + '\n'));
