// A clock the test moves: `now()` starts at the real time and only moves when the test advances
// it; timers fire when `advance` passes them. Nothing sleeps.
import type { Clock, Timer } from '../../electron/core/shared/clock.ts';

export class ManualClock implements Clock {
  #offset = 0;
  readonly #start = Date.now();
  #timers: { at: number; fn: () => void; id: number }[] = [];
  #next = 0;

  now(): number {
    return this.#start + this.#offset;
  }

  after(ms: number, fn: () => void): Timer {
    const id = this.#next++;
    this.#timers.push({ at: this.now() + ms, fn, id });
    return { cancel: () => (this.#timers = this.#timers.filter((t) => t.id !== id)) };
  }

  /** Pending timers, soonest first, as ms from now. */
  pending(): number[] {
    return this.#timers.map((t) => t.at - this.now()).sort((a, b) => a - b);
  }

  /** Moves time forward by `ms`, firing every timer that falls due (in order). */
  advance(ms: number): void {
    const target = this.now() + ms;
    for (;;) {
      const due = this.#timers.filter((t) => t.at <= target).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      this.#timers = this.#timers.filter((t) => t !== due);
      this.#offset += Math.max(0, due.at - this.now());
      due.fn();
    }
    this.#offset += Math.max(0, target - this.now());
  }

  /** Jumps to the next timer and fires it; false when none is pending. */
  fireNext(): boolean {
    const next = this.pending()[0];
    if (next === undefined) return false;
    this.advance(Math.max(0, next));
    return true;
  }
}

/** Resolves when `check` holds, polling on the event loop (no fixed sleeps). */
export async function until<T>(check: () => T | Promise<T>, what = 'condition', timeoutMs = 10_000): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
