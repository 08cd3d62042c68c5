// The core's layers, lowest first: a file may import from its own layer and the layers below it,
// never from a layer above, nor from a layer on its own level (sync and lookup sit side by side and
// know nothing of each other). This list is the one place the map is written: eslint.config.js
// turns it into import rules, and test/core/layering.test.ts checks it over the resolved imports.
// Paths are relative to electron/core; a path ending in "/" is a folder with everything under it.

export interface CoreLayer {
  name: string;
  /** Layers with the same level may not import each other. */
  level: number;
  holds: string[];
  why: string;
}

export const CORE_LAYERS: CoreLayer[] = [
  { name: 'shared', level: 0, holds: ['shared/', 'settings/', 'events.ts'], why: 'general helpers, the settings store and the event bus: they import nothing of the core' },
  { name: 'db', level: 1, holds: ['db/'], why: 'the SQLite mirror: its schema, statements, reads and writes; db imports only shared, and what it must know of a list comes to it as a plan built above it' },
  { name: 'api', level: 1, holds: ['api/', 'context.ts', 'ports.ts'], why: "HTTP to the server, and the types every part is handed (the context carries the log of the api's requests)" },
  { name: 'lists', level: 2, holds: ['mirror/', 'lists/'], why: 'the list registry, the field map, the record tables and the plans that tell the mirror how a list is stored' },
  { name: 'session', level: 3, holds: ['session/'], why: 'sign-in, tokens, offline unlock, the lock and the kiosk policy file sign-in obeys' },
  { name: 'sync', level: 4, holds: ['sync/'], why: 'sync rounds, written into the mirror for the session' },
  { name: 'lookup', level: 4, holds: ['lookup/'], why: 'answers read from the mirror' },
  { name: 'features', level: 5, holds: ['labels/', 'scans/', 'kiosk/', 'diagnostics/', 'relay/'], why: 'smaller features built on lookups and the session, and the site relay that publishes a mirror to PostgreSQL' },
  { name: 'index', level: 6, holds: ['core.ts', 'index.ts', 'entrances/', 'layers.ts'], why: 'what wires the core together, the entrances hosts import, and this map' },
];

/** The layer of a path relative to electron/core (forward slashes), or null when none holds it. */
export function layerOf(pathInCore: string): CoreLayer | null {
  return CORE_LAYERS.find((layer) => layer.holds.some((held) => (held.endsWith('/') ? pathInCore.startsWith(held) : pathInCore === held))) ?? null;
}

/** Whether a file of layer `from` may import a file of layer `to`. */
export function mayImport(from: CoreLayer, to: CoreLayer): boolean {
  return from === to || to.level < from.level;
}
