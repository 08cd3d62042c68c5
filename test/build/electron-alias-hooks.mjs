// Module hooks for the main-bundle smoke test: `electron` resolves to the fake (test/fakes/electron.ts).
const fake = new URL('../fakes/electron.ts', import.meta.url).href;

export async function resolve(specifier, context, next) {
  if (specifier === 'electron') return { url: fake, shortCircuit: true };
  return next(specifier, context);
}
