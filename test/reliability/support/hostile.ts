// Hostile arguments: wrong types, huge strings, deep objects, prototype-pollution keys, and values
// of the wrong type under a method's own argument names.
import fc from 'fast-check';
import { methods, type MethodName } from '../../../electron/contract/methods.ts';

export function argumentNames(method: MethodName): string[] {
  const shape = (methods[method].args as unknown as { shape?: Record<string, unknown> }).shape;
  return shape ? Object.keys(shape) : [];
}

function deep(depth: number): unknown {
  let value: unknown = { leaf: 'x' };
  for (let n = 0; n < depth; n++) value = n % 2 ? [value] : { nested: value };
  return value;
}

const nasty = fc.oneof(
  fc.constant('x'.repeat(2_000_000)),
  fc.constant(deep(5_000)),
  fc.constant(JSON.parse('{"__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}}')),
  fc.constant(Object.create(null)),
  fc.constant(Number.NaN),
  fc.constant(Number.POSITIVE_INFINITY),
  fc.constant(-1),
  fc.constant(2 ** 53 + 1),
  fc.constant('\u0000\uFFFF\uD800'),
  fc.constant("'; DROP TABLE items; --"),
  fc.constant('../../../../etc/passwd'),
  fc.constant('%s%n%x'),
  fc.constant(['a', 1, null, {}]),
  fc.constant(null),
  fc.constant(undefined),
  fc.constant(true),
);

const anyValue = fc.oneof(fc.anything({ maxDepth: 3, withBigInt: false, withDate: false, withMap: false, withSet: false, withTypedArray: false }), nasty);

/** Arguments for `method`: random values under its own argument names, or anything at all. */
export function hostileArgs(method: MethodName): fc.Arbitrary<unknown> {
  const names = argumentNames(method);
  const keyed = names.length
    ? fc.dictionary(fc.constantFrom(...names, '__proto__', 'constructor', 'prototype', 'extra'), anyValue, { maxKeys: names.length + 2 })
    : fc.dictionary(fc.constantFrom('__proto__', 'constructor', 'extra'), anyValue, { maxKeys: 2 });
  return fc.oneof({ weight: 3, arbitrary: keyed }, { weight: 1, arbitrary: anyValue });
}

/** Something that stays JSON when sent over HTTP (undefined and NaN become null or vanish). */
export function toJson(value: unknown): string {
  try {
    return JSON.stringify(value ?? null) ?? 'null';
  } catch {
    return '{"unserialisable": true}';
  }
}

export const pollutionKeys = ['polluted', 'isAdmin', 'leaf'];

export function prototypeIsClean(): boolean {
  return pollutionKeys.every((key) => !(key in Object.prototype) && !(key in Array.prototype));
}

/** Resolves with the call's outcome, or 'hang' when it takes longer than `ms`. */
export async function withDeadline<T>(promise: Promise<T>, ms: number): Promise<T | 'hang'> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<'hang'>((resolve) => (timer = setTimeout(() => resolve('hang'), ms)));
  try {
    return await Promise.race([promise, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
