// Entrance: the mirror files on disk, read without a session or the sync worker (`aisle status`
// lists them; `aisle find` and `aisle fields` pick one): whose each file is.
export { mirrorFileOf, readMirrorIdentity } from '../mirror/mirror-manager.ts';
export { openMirror } from '../db/connection.ts';
export type { MirrorIdentity } from '../ports.ts';
