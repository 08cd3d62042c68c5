// Entrance: the probe of a server (`aisle probe`): every operation once, read-only, without a
// session or a mirror.
export { runProbe } from '../diagnostics/probe.ts';
