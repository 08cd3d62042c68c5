// Entrance: the diagnostics file for IT (`aisle diagnostics`), written from the data folder alone.
export { bundleFileName, writeSupportBundle, type BundleFacts, type BundleWritten } from '../diagnostics/support-bundle.ts';
