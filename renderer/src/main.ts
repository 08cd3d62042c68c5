import { createPinia } from 'pinia';
import { createApp } from 'vue';
import App from './App.vue';
import { createAppI18n } from './shared/i18n/index.ts';
import { createAppRouter } from './router.ts';
import { displayPlugin } from './display-plugin.ts';
import './shared/styles/theme.css';
import { searchProbeWanted } from './bench/search-probe-flag.ts';
import { setClient, useClient } from './shared/api/client.ts';
import { createAppClient } from './shared/api/transport.ts';
import { installProblemReporter } from './shared/api/problem-reporter.ts';

setClient(createAppClient());
const app = createApp(App);
const pinia = createPinia();
installProblemReporter(app, window, (problem) => void useClient().call('app.reportProblem', problem).catch(() => {}));
app.use(pinia);
app.use(createAppI18n());
app.use(createAppRouter());
app.use(displayPlugin);
app.mount('#app');
// The search benchmark measures the box from outside it; the probe is loaded only when it asks.
if (searchProbeWanted(window)) void import('./bench/search-probe.ts').then(({ installSearchProbe }) => installSearchProbe(window, pinia));
