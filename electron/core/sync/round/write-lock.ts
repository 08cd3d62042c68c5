// One writer at a time on the round's connection.

/** Serialises writes: one dataset applies at a time; small state writes queue behind it. */
export class WriteLock {
  #tail: Promise<void> = Promise.resolve();
  run<T>(fn: () => Promise<T> | T): Promise<T> {
    const result = this.#tail.then(fn);
    this.#tail = result.then(
      () => undefined,
      () => undefined,
    );
    return result;
  }
}
