// Screens, by hash (the page is a file in Electron and one URL in the browser host).
import { createRouter, createWebHashHistory, type RouteLocationRaw, type Router } from 'vue-router';
import type { SearchHit } from '@contract/types.ts';
import { useSessionStore } from './features/session/session-store.ts';

export function createAppRouter(): Router {
  const router = createRouter({
    history: createWebHashHistory(),
    routes: [
      { path: '/sign-in', name: 'sign-in', component: () => import('./features/session/SignInView.vue'), meta: { public: true } },
      { path: '/', name: 'home', component: () => import('./features/search/HomeView.vue') },
      { path: '/item/:id', name: 'item', component: () => import('./features/record/StockRecordView.vue'), props: { kind: 'item' } },
      { path: '/location/:id', name: 'location', component: () => import('./features/record/StockRecordView.vue'), props: { kind: 'location' } },
      { path: '/record/:list/:id', name: 'record', component: () => import('./features/record/RecordView.vue') },
      { path: '/lists', name: 'lists', component: () => import('./features/lists/ListsView.vue') },
      { path: '/lists/:list', name: 'list', component: () => import('./features/lists/ListBrowserView.vue') },
      { path: '/sync', name: 'sync', component: () => import('./features/sync/SyncView.vue') },
      { path: '/session', name: 'session', component: () => import('./features/session/SessionView.vue') },
      { path: '/settings', name: 'settings', component: () => import('./features/settings/SettingsView.vue') },
      { path: '/scanner', name: 'scanner', component: () => import('./features/scanner/ScannerView.vue') },
      { path: '/scans', name: 'scans', component: () => import('./features/scanner/ScanListView.vue') },
      { path: '/diagnostics', name: 'diagnostics', component: () => import('./features/settings/DiagnosticsView.vue') },
      { path: '/:rest(.*)*', redirect: '/' },
    ],
  });
  router.beforeEach(async (to) => {
    const session = useSessionStore();
    await session.ensureLoaded();
    if (!to.meta.public && !session.hasMirror) return { name: 'sign-in' };
    // An expired session may sign in again; a live one has nothing to do on the sign-in screen.
    if (to.name === 'sign-in' && session.view.state === 'signed-in') return { name: 'home' };
    return true;
  });
  return router;
}

/** Where a search hit opens: items and locations have their own pages, the rest a record page. */
/** A record's page; `lot`, `serial`: an item's page with that lot's or serial's stock rows marked (a GS1 scan with them). */
export function routeForHit(hit: Pick<SearchHit, 'kind' | 'list' | 'id'>, lot: string | null = null, serial: string | null = null): RouteLocationRaw {
  if (hit.kind === 'item') return { name: 'item', params: { id: hit.id }, query: { list: hit.list, ...(lot ? { lot } : {}), ...(serial ? { serial } : {}) } };
  if (hit.kind === 'location') return { name: 'location', params: { id: hit.id }, query: { list: hit.list } };
  return { name: 'record', params: { list: hit.list, id: hit.id } };
}
