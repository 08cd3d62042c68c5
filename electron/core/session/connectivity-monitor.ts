// Is the server there? `GET /ping` on a schedule: every `onlineIntervalMs` while it answers, with
// exponential backoff and jitter while it does not. The state is "online", "offline" (unreachable
// or failing) or "refused" (it answers but refuses our session), reported on change.
import { AisleError } from '../../contract/errors.ts';
import type { Connectivity, ConnectivityState } from '../../contract/types.ts';
import type { Clock, Timer } from '../shared/clock.ts';

export interface MonitorOptions {
  clock: Clock;
  /** Resolves when the server answered; throws an AisleError otherwise. */
  ping: () => Promise<unknown>;
  /** True when the server refused our session (a refresh was rejected). */
  sessionRefused: () => boolean;
  onChange: (connectivity: Connectivity) => void;
  /**
   * After every check that found the server answering (changed or not), before "online" is
   * reported: an offline session goes online first, so listeners of the event find it usable.
   */
  onReachable?: () => Promise<void> | void;
  onlineIntervalMs?: number;
  retryBaseMs?: number;
  retryMaxMs?: number;
  random?: () => number;
}

export interface ConnectivityMonitor {
  current(): Connectivity;
  /** Starts (or restarts) checking right away. */
  start(): void;
  /** Stops checking; the state becomes "unknown". */
  stop(): void;
  /** Checks now (e.g. after a request failed or succeeded); resolves to the new state. */
  checkNow(): Promise<ConnectivityState>;
  /** Takes the outcome of a request made elsewhere, without pinging. */
  report(state: ConnectivityState): void;
}

export function createConnectivityMonitor(options: MonitorOptions): ConnectivityMonitor {
  const { clock } = options;
  const onlineInterval = options.onlineIntervalMs ?? 30_000;
  const base = options.retryBaseMs ?? 2_000;
  const max = options.retryMaxMs ?? 60_000;
  const random = options.random ?? Math.random;

  let state: Connectivity = { state: 'unknown', since: new Date(clock.now()).toISOString(), lastCheckedAt: null };
  let running = false;
  let timer: Timer | null = null;
  let failures = 0;
  let inFlight: Promise<ConnectivityState> | null = null;
  let generation = 0;

  function set(next: ConnectivityState, checked: boolean): void {
    const at = new Date(clock.now()).toISOString();
    const changed = next !== state.state;
    state = { state: next, since: changed ? at : state.since, lastCheckedAt: checked ? at : state.lastCheckedAt };
    if (changed) options.onChange({ ...state });
  }

  function schedule(): void {
    timer?.cancel();
    timer = null;
    if (!running) return;
    let delay = onlineInterval;
    if (state.state === 'offline') {
      const ceiling = Math.min(max, base * 2 ** Math.min(failures - 1, 30));
      delay = Math.round(ceiling / 2 + (random() * ceiling) / 2);
    }
    timer = clock.after(delay, () => void check());
  }

  async function probe(): Promise<ConnectivityState> {
    try {
      await options.ping();
      return options.sessionRefused() ? 'refused' : 'online';
    } catch (error) {
      if (error instanceof AisleError && (error.code === 'unauthorized' || error.code === 'forbidden')) return 'refused';
      return 'offline';
    }
  }

  function check(): Promise<ConnectivityState> {
    if (inFlight) return inFlight;
    const mine = generation;
    inFlight = (async () => {
      const next = await probe();
      if (next === 'online' && mine === generation) await Promise.resolve(options.onReachable?.()).catch(() => undefined);
      inFlight = null;
      if (mine !== generation || !running) return state.state;
      failures = next === 'offline' ? failures + 1 : 0;
      set(next, true);
      schedule();
      return next;
    })();
    return inFlight;
  }

  return {
    current: () => ({ ...state }),
    start() {
      running = true;
      generation++;
      inFlight = null;
      failures = 0;
      void check();
    },
    stop() {
      running = false;
      generation++;
      inFlight = null;
      timer?.cancel();
      timer = null;
      failures = 0;
      set('unknown', false);
    },
    checkNow: () => (running ? check() : Promise.resolve(state.state)),
    report(next) {
      if (!running || next === state.state) return;
      if (next === 'offline') {
        // A failed request is a hint, not proof: confirm with a ping.
        void check();
        return;
      }
      failures = 0;
      set(next, false);
      schedule();
    },
  };
}
