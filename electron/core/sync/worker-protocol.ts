// Messages between the sync service (main thread) and the sync worker. Plain data only.
import type { RequestReport } from '../api/request-report.ts';
import type { NetworkSetup } from '../api/network.ts';
import type { RetryPolicy } from '../api/retry.ts';
import type { DatasetCaps } from '../mirror/dataset-caps.ts';
import type { Notice, SyncProgress } from '../../contract/types.ts';
import type { PolicyFieldMap } from '../lists/field-map-file.ts';
import type { PlanOptions } from './dataset-registry.ts';
import type { ReadingOptions, RoundResult } from './round/run-round.ts';

/**
 * The access token a round starts with, or why main had none (the round then fails each dataset with
 * that error, as it would have met it on asking). The worker asks main again only after a 401.
 */
export type TaskToken = { value: string } | { error: { code: string; message: string } };

export interface RoundTask {
  kind: 'round';
  mirrorPath: string;
  baseUrl: string;
  token: TaskToken;
  plan: PlanOptions;
  only: string[] | null;
  allowMassDelete: string[];
  concurrency?: number;
  retry?: RetryPolicy;
  timeoutMs?: number;
  /** Started by a person (Sync now, the CLI). */
  manual?: boolean;
  /**
   * Main closed its reader of the file for this round, which is the mirror's first sync: the worker
   * may take the file for itself and write it once (db/first-fill.ts). It checks that no dataset
   * was ever applied, and writes as usual when another connection still has the file open.
   */
  firstFill?: boolean;
  /** Paging and deadlines, from the settings. */
  reading?: ReadingOptions;
  caps?: DatasetCaps;
  shrinkHoldPercent?: number;
  /** The server URL may be a site relay (the setting): a new mirror's first round asks. */
  siteRelay?: boolean;
  /** What a round of a relay's mirror does when the relay does not answer (the setting). */
  siteRelayFallback?: 'vendor' | 'none';
  /** The machine policy's allowedServers (null: any): a fallback reads only a server it lists. */
  allowedServers?: string[] | null;
  /**
   * The proxy and CAs to reach the server with, the proxy resolved by main for `baseUrl`. The proxy
   * of any other server the round must reach (the warehouse server a relay names) the worker asks
   * main for (needProxy); the CAs are the same for every server.
   */
  network?: NetworkSetup;
  /** The machine policy's field map, applied with the data folder's field-map.json. */
  policyFieldMap?: PolicyFieldMap | null;
}

export interface DiscardHeldTask {
  kind: 'discardHeld';
  mirrorPath: string;
  key: string;
}

/** Opens the mirror on the worker's writer connection, which runs its migrations (an upgrade), and closes it. */
export interface UpgradeTask {
  kind: 'upgrade';
  mirrorPath: string;
}

/** Drops a list's field map: the next round learns it from the server's answer (field-map-state.ts). */
export interface RelearnFieldsTask {
  kind: 'relearnFields';
  mirrorPath: string;
  list: string;
}

/** Reads every page of the mirror (quick_check); fails with the `mirror_file_damaged` notice when one is wrong. */
export interface CheckTask {
  kind: 'check';
  mirrorPath: string;
}

export type WorkerTask = RoundTask | DiscardHeldTask | UpgradeTask | RelearnFieldsTask | CheckTask;

export type ToWorker =
  | { type: 'task'; id: number; task: WorkerTask }
  | { type: 'token'; requestId: number; token: string | null; error: { code: string; message: string } | null }
  | { type: 'cancel'; id: number }
  /** The proxy for the URL of a needProxy (null: direct), or why main has none. */
  | { type: 'proxy'; requestId: number; proxy: string | null; error: { code: string; message: string } | null };

export type FromWorker =
  | { type: 'progress'; id: number; progress: SyncProgress }
  | { type: 'request'; id: number; report: RequestReport }
  /** A 401 refused `rejected`: a refreshed token, please (main refreshes once per token). */
  | { type: 'needToken'; id: number; requestId: number; rejected: string }
  /** The proxy for a URL of another server than the task's `baseUrl`, as main resolves it (network.ts proxyFor). */
  | { type: 'needProxy'; id: number; requestId: number; url: string }
  | { type: 'done'; id: number; result: RoundResult | null }
  /** `notice`: the fact behind the error, when it is one the window words itself. */
  | { type: 'failed'; id: number; error: { code: string; message: string; notice?: Notice } };
