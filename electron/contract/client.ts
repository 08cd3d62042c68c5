// The renderer's typed client, built from the contract's types alone (no zod in the renderer).
// A transport moves `{ method, args }` and events; Electron IPC and the browser host's HTTP each
// provide one.
import type { Result } from './errors.ts';
import type { EventName, Events } from './events.ts';
import type { MethodArgs, MethodName, MethodResult } from './methods.ts';

export interface Transport {
  invoke(method: string, args: unknown): Promise<Result<unknown>>;
  /** Subscribes to one event; returns the unsubscribe function. */
  on(event: string, listener: (payload: unknown) => void): () => void;
}

export interface AisleClient {
  call<M extends MethodName>(method: M, ...args: {} extends MethodArgs<M> ? [args?: MethodArgs<M>] : [args: MethodArgs<M>]): Promise<Result<MethodResult<M>>>;
  on<E extends EventName>(event: E, listener: (payload: Events[E]) => void): () => void;
}

export function createClient(transport: Transport): AisleClient {
  return {
    call(method, ...rest) {
      return transport.invoke(method, rest[0] ?? {}) as never;
    },
    on(event, listener) {
      return transport.on(event, listener as (payload: unknown) => void);
    },
  };
}
