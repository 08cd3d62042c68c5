// Every host sends a call's answer as JSON (HTTP, WebSocket, server-sent events) or as a structured
// clone (Electron IPC). Both recurse, so a value nested deeply enough (a hostile record read back
// from the mirror) overflows the stack while being sent. These helpers make sending total: an
// answer that cannot be sent becomes a typed error for the caller, never a crash.
import type { Result } from '../contract/errors.ts';

/** Nesting deeper than this is refused before Electron's structured clone has to recurse through it. */
export const MAX_SENDABLE_DEPTH = 1000;

export function unsendableAnswer(method: string): Result<never> {
  return {
    ok: false,
    error: {
      code: 'bad_response',
      message: `The answer to ${method} cannot be passed to the app: it holds a record nested more than ${MAX_SENDABLE_DEPTH} levels deep, as the server sent it. Ask the warehouse IT team to check that record on the server.`,
    },
  };
}

/** The answer as JSON text, or the typed error's JSON when the answer cannot be serialised. */
export function answerText(method: string, result: unknown): string {
  try {
    return JSON.stringify(result);
  } catch {
    return JSON.stringify(unsendableAnswer(method));
  }
}

/**
 * True when `value` nests no deeper than `limit`. Walks with its own stack (never the call
 * stack), and only objects and arrays: most answers are a few shallow rows, checked in microseconds.
 */
export function nestsWithin(value: unknown, limit = MAX_SENDABLE_DEPTH): boolean {
  if (typeof value !== 'object' || value === null) return true;
  const stack: [object, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (depth > limit) return false;
    for (const child of Array.isArray(node) ? node : Object.values(node)) {
      if (typeof child === 'object' && child !== null) stack.push([child, depth + 1]);
    }
  }
  return true;
}
