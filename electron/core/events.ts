import { EventEmitter } from 'node:events';
import type { EventName, Events } from '../contract/events.ts';

/** A typed event bus: the core emits, hosts forward to the renderer. */
export class CoreEvents {
  readonly #emitter = new EventEmitter();

  constructor() {
    this.#emitter.setMaxListeners(100);
  }

  emit<E extends EventName>(event: E, payload: Events[E]): void {
    this.#emitter.emit(event, payload);
  }

  on<E extends EventName>(event: E, listener: (payload: Events[E]) => void): () => void {
    this.#emitter.on(event, listener);
    return () => this.#emitter.off(event, listener);
  }
}
