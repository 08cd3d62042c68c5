// `aisle relay` as a running service: one PostgreSQL pool, the HTTP side, and a poller per scope
// that runs a round every `intervalMinutes` (the next one starts when the last has ended, never
// two at once). A round that fails is logged and tried again at the next tick; the data served
// stays the last generation committed.
import pg from 'pg';
import type { Logger } from '../../core/index.ts';
import { createSeatChecker, ensureRelaySchema, type SeatChecker } from '../../core/entrances/relay.ts';
import { packageVersion } from '../node-core.ts';
import { scopePassword, type RelayConfig } from './relay-config.ts';
import { startRelayHttp, type RelayHttp } from './relay-http.ts';
import { createScopePoller, type PollOutcome, type ScopePoller } from './relay-poller.ts';

export interface RelayService {
  http: RelayHttp;
  seats: SeatChecker;
  pool: pg.Pool;
  /** One round of every scope now (the timer's work; tests call it). */
  pollAll(): Promise<PollOutcome[]>;
  close(): Promise<void>;
}

export interface RelayServiceOptions {
  env?: NodeJS.ProcessEnv;
  log?: Logger;
  /** Whether rounds run by themselves every intervalMinutes (false in tests). */
  timer?: boolean;
  onRound?: (outcomes: PollOutcome[]) => void;
}

export async function startRelayService(config: RelayConfig, options: RelayServiceOptions = {}): Promise<RelayService> {
  const env = options.env ?? process.env;
  const passwords = config.scopes.map((s) => scopePassword(s, env));
  const pool = new pg.Pool({ connectionString: config.postgres, max: 10 });
  // a connection PostgreSQL ends while idle (a restart) is dropped and made again when needed
  pool.on('error', (error) => options.log?.warn('relay: a PostgreSQL connection ended', { message: error.message }));
  await ensureRelaySchema(pool);
  const seats = createSeatChecker({ server: config.server });
  const http = await startRelayHttp({ pool, seats, host: config.listen.host, port: config.listen.port, version: packageVersion(), server: config.server });
  const pollers: ScopePoller[] = config.poll === false ? [] : config.scopes.map((scope, i) =>
    createScopePoller({ server: config.server, dataDir: config.dataDir, pool, scope, password: passwords[i], horizonGenerations: config.horizonGenerations, log: options.log }),
  );
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<PollOutcome[]> | null = null;
  let closed = false;

  async function pollAll(): Promise<PollOutcome[]> {
    const outcomes: PollOutcome[] = [];
    for (const p of pollers) {
      try {
        outcomes.push(await p.pollOnce());
      } catch (error) {
        const message = (error as Error).message;
        options.log?.error('relay: a round failed; the last generation is still served', { scope: p.name, message });
        outcomes.push({ scope: p.name, state: 'failed', error: message, license: null, published: [], removed: [] });
      }
    }
    options.onRound?.(outcomes);
    return outcomes;
  }

  function tick(): void {
    if (closed) return;
    running = pollAll().finally(() => {
      running = null;
      if (!closed) timer = setTimeout(tick, config.intervalMinutes * 60_000);
    });
  }
  if (options.timer !== false && pollers.length) tick();

  return {
    http,
    seats,
    pool,
    pollAll: () => running ?? pollAll(),
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      await running?.catch(() => undefined);
      for (const p of pollers) await p.close();
      await http.close();
      await pool.end();
    },
  };
}
