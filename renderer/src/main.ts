import { createPinia } from 'pinia';
import { createApp } from 'vue';
import App from './App.vue';
import { createAppI18n } from './shared/i18n/index.ts';
import { createAppRouter } from './router.ts';
import './shared/styles/theme.css';

const app = createApp(App);
app.use(createPinia());
app.use(createAppI18n());
app.use(createAppRouter());
app.mount('#app');
