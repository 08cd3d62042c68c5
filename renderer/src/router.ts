// Screens, by hash (the page is a file in Electron and one URL in the browser host).
import { createRouter, createWebHashHistory, type RouteLocationRaw, type Router } from 'vue-router';
import type { SearchHit } from '../../electron/contract/types.ts';
import { useSessionStore } from './stores/session.ts';

export function createAppRouter(): Router {
  const router = createRouter({
    history: createWebHashHistory(),
    routes: [
      { path: '/sign-in', name: 'sign-in', component: () => import('./views/SignInView.vue'), meta: { public: true } },
      { path: '/', name: 'home', component: () => import('./views/HomeView.vue') },
      { path: '/item/:id', name: 'item', component: () => import('./views/ItemView.vue') },
      { path: '/location/:id', name: 'location', component: () => import('./views/LocationView.vue') },
      { path: '/record/:list/:id', name: 'record', component: () => import('./views/RecordView.vue') },
      { path: '/lists', name: 'lists', component: () => import('./views/ListsView.vue') },
      { path: '/lists/:list', name: 'list', component: () => import('./views/ListBrowserView.vue') },
      { path: '/sync', name: 'sync', component: () => import('./views/SyncView.vue') },
      { path: '/session', name: 'session', component: () => import('./views/SessionView.vue') },
      { path: '/settings', name: 'settings', component: () => import('./views/SettingsView.vue') },
      { path: '/scanner', name: 'scanner', component: () => import('./views/ScannerView.vue') },
      { path: '/scans', name: 'scans', component: () => import('./views/ScanListView.vue') },
      { path: '/diagnostics', name: 'diagnostics', component: () => import('./views/DiagnosticsView.vue') },
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
/** A record's page; `lot`: an item's page with that lot's stock rows marked (a GS1 scan with a lot). */
export function routeForHit(hit: Pick<SearchHit, 'kind' | 'list' | 'id'>, lot: string | null = null): RouteLocationRaw {
  if (hit.kind === 'item') return { name: 'item', params: { id: hit.id }, query: lot ? { list: hit.list, lot } : { list: hit.list } };
  if (hit.kind === 'location') return { name: 'location', params: { id: hit.id }, query: { list: hit.list } };
  return { name: 'record', params: { list: hit.list, id: hit.id } };
}
