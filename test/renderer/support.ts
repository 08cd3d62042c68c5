// Component tests: the real stores, router, i18n and components, over a scripted client that
// answers contract methods the way main does (methods not scripted answer `not_implemented`).
import { mount, flushPromises } from '@vue/test-utils';
import { createPinia, setActivePinia } from 'pinia';
import type { Component } from 'vue';
import { createMemoryHistory, createRouter, type Router } from 'vue-router';
import type { AisleClient } from '../../electron/contract/client.ts';
import type { ContractError, Result } from '../../electron/contract/errors.ts';
import type { EventName, Events } from '../../electron/contract/events.ts';
import type { MethodArgs, MethodName, MethodResult } from '../../electron/contract/methods.ts';
import { setClient } from '../../renderer/src/shared/api/client.ts';
import type { InventoryAnswer, SessionView, SyncStatus } from '../../electron/contract/types.ts';
import { withItemsOnHand } from '../../electron/core/lookup/inventory.ts';
import { summarizeSync } from '../../electron/core/sync/sync-status.ts';
import { createAppI18n } from '../../renderer/src/shared/i18n/index.ts';
import { SIGNED_OUT } from '../../renderer/src/features/session/session-store.ts';
import { displayPlugin } from '../../renderer/src/display-plugin.ts';

export type Script = { [M in MethodName]?: (args: MethodArgs<M>) => MethodResult<M> | ContractError | Promise<MethodResult<M> | ContractError> };

export class Failure {
  readonly error: ContractError;
  constructor(code: ContractError['code'], message: string = code, extra: Omit<Partial<ContractError>, 'code' | 'message'> = {}) {
    this.error = { code, message, ...extra };
  }
}

export interface ScriptedClient extends AisleClient {
  calls: { method: string; args: unknown }[];
  emit<E extends EventName>(event: E, payload: Events[E]): void;
}

export function scriptedClient(script: { [M in MethodName]?: (args: MethodArgs<M>) => unknown }): ScriptedClient {
  const listeners = new Map<string, Set<(p: unknown) => void>>();
  const calls: { method: string; args: unknown }[] = [];
  return {
    calls,
    async call(method: MethodName, args?: unknown): Promise<Result<never>> {
      calls.push({ method, args: args ?? {} });
      const handler = script[method] as ((a: unknown) => unknown) | undefined;
      if (!handler) return { ok: false, error: { code: 'not_implemented', message: `${method} is not scripted` } };
      const value = await handler(args ?? {});
      if (value instanceof Failure) return { ok: false, error: value.error };
      return { ok: true, value: (method === 'inventory.byLocation' ? located(summarised(value as InventoryAnswer)) : method.startsWith('inventory.') ? summarised(value as InventoryAnswer) : method === 'sync.status' ? withSyncSummary(value as SyncStatus) : value) as never };
    },
    on(event, listener) {
      let set = listeners.get(event);
      if (!set) listeners.set(event, (set = new Set()));
      set.add(listener as (p: unknown) => void);
      return () => set.delete(listener as (p: unknown) => void);
    },
    emit(event, payload) {
      const sent = event === 'sync.status' ? withSyncSummary(payload as SyncStatus) : payload;
      for (const l of listeners.get(event) ?? []) l(sent);
    },
  } as ScriptedClient;
}

/** A scripted sync status without its summary gets the core's own, from its datasets. */
export function withSyncSummary(status: Omit<SyncStatus, 'summary'> & { summary?: SyncStatus['summary'] }): SyncStatus {
  return status.summary ? (status as SyncStatus) : { ...status, summary: summarizeSync(status.datasets ?? []) };
}

/**
 * A scripted stock answer without its summary gets the one the core would give: the rows of the
 * facilities whose stock is complete summed, the others named as not here.
 */
export function summarised(answer: Omit<InventoryAnswer, 'summary'> & { summary?: InventoryAnswer['summary'] }): InventoryAnswer {
  if (answer.summary) return answer as InventoryAnswer;
  const states = answer.stock ?? [];
  const whole = new Set(states.filter((s) => s.state === 'complete').map((s) => s.facilityId));
  const named = (s: (typeof states)[number]) => ({ facilityId: s.facilityId, name: s.facilityName ?? s.facilityId });
  // fixture rows may leave the facility out: theirs is the answer's one facility
  const rows = answer.rows.filter((r) => (r.facilityId === undefined ? whole.size > 0 : whole.has(r.facilityId)));
  const sum = (key: 'onHand' | 'allocated' | 'available') => rows.reduce((n, r) => n + (r[key] ?? 0), 0);
  return {
    ...answer,
    summary: { covers: states.filter((s) => whole.has(s.facilityId)).map(named), notHere: states.filter((s) => !whole.has(s.facilityId)).map(named), onHand: sum('onHand'), allocated: sum('allocated'), available: sum('available') },
  };
}

/** A scripted location answer without each item's on hand gets the core's (withItemsOnHand). */
function located(answer: InventoryAnswer): InventoryAnswer {
  return answer.onHandByItem ? answer : withItemsOnHand(answer);
}

/** The app's screens, by name: their paths as router.ts has them. */
const SCREENS: Record<string, string> = {
  home: '/',
  'sign-in': '/sign-in',
  item: '/item/:id',
  location: '/location/:id',
  record: '/record/:list/:id',
  list: '/lists/:list',
  sync: '/sync',
  lists: '/lists',
  session: '/session',
  settings: '/settings',
  scanner: '/scanner',
  scans: '/scans',
  diagnostics: '/diagnostics',
};

export function testRouter(): Router {
  const stub = { template: '<div data-testid="route-stub">{{ $route.fullPath }}</div>' };
  return createRouter({
    history: createMemoryHistory(),
    routes: Object.entries(SCREENS).map(([name, path]) => ({ path, name, component: stub })),
  });
}

/** Mounts a component with a fresh Pinia, the app's i18n and a memory router at `path`. */
export async function mountWith(component: Component, client: ScriptedClient, options: { path?: string; props?: Record<string, unknown>; locale?: 'en' | 'es'; router?: Router } = {}) {
  setClient(client);
  const pinia = createPinia();
  setActivePinia(pinia);
  const router = options.router ?? testRouter();
  await router.push(options.path ?? '/');
  await router.isReady();
  const i18n = createAppI18n(options.locale ?? 'en');
  const wrapper = mount(component, { props: options.props, global: { plugins: [pinia, i18n, router, displayPlugin] }, attachTo: document.body });
  await flushPromises();
  return { wrapper, router, pinia };
}

export const FRESH = { syncedAt: new Date().toISOString(), stale: false, staleAfterMinutes: 60 };
export const STALE = { syncedAt: new Date(Date.now() - 3 * 3600_000).toISOString(), stale: true, staleAfterMinutes: 60 };

/** Ana, signed in (the app's screens need someone). */
export const ANA: SessionView = { ...SIGNED_OUT, state: 'signed-in', email: 'ana@example.com', userName: 'Ana Ruiz', licenseId: 'L1' };
/** No sync has run yet. */
export const NO_SYNC: SyncStatus = withSyncSummary({ preparing: false, running: false, lastRoundStartedAt: null, lastRoundFinishedAt: null, nextRoundAt: null, datasets: [] });
