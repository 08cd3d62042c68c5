// Entrance: the diagnostics file for IT (`aisle diagnostics`), written from the data folder alone.
export { writeSupportBundle } from '../diagnostics/support-bundle.ts';
