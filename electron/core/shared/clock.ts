// Time as the session sees it: injectable so that refresh-before-expiry and connectivity backoff
// are tested by advancing a clock, not by sleeping.

export interface Timer {
  cancel(): void;
}

export interface Clock {
  now(): number;
  /** Milliseconds on a clock that never runs back (performance.now), for spans a wall clock set back must not stretch. */
  elapsed?(): number;
  /** Runs `fn` after `ms`; never keeps the process alive on its own. */
  after(ms: number, fn: () => void): Timer;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  elapsed: () => performance.now(),
  after(ms, fn) {
    const handle = setTimeout(fn, Math.max(0, Math.min(ms, 2 ** 31 - 1)));
    handle.unref?.();
    return { cancel: () => clearTimeout(handle) };
  },
};
