// Sessions in the server's own SQLite file: a restart with the same file keeps them. Refresh tokens
// are stored as SHA-256 hashes only; the JWT signing key lives in the file so tokens outlive a restart.
import { chmodSync, closeSync, openSync } from 'node:fs';
import { createHash, randomBytes } from 'node:crypto';
import Database from 'better-sqlite3';

export interface SessionRow {
  id: string;
  user_email: string;
  license_id: string;
  sn_type: string;
  created_at: number;
  /** expiry of the latest access token issued for the session */
  access_expires_at: number;
  ended_at: number | null;
  end_reason: string | null;
}

export interface RefreshRow {
  token_hash: string;
  session_id: string;
  expires_at: number;
  used_at: number | null;
}

export type SessionDb = Database.Database;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value BLOB NOT NULL);
CREATE TABLE IF NOT EXISTS sessions (
  id TEXT PRIMARY KEY,
  user_email TEXT NOT NULL,
  license_id TEXT NOT NULL,
  sn_type TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  access_expires_at INTEGER NOT NULL,
  ended_at INTEGER,
  end_reason TEXT
);
CREATE TABLE IF NOT EXISTS refresh_tokens (
  token_hash TEXT PRIMARY KEY,
  session_id TEXT NOT NULL REFERENCES sessions(id),
  expires_at INTEGER NOT NULL,
  used_at INTEGER
);
CREATE INDEX IF NOT EXISTS refresh_tokens_session ON refresh_tokens(session_id);
`;

export function openSessionDb(file?: string): SessionDb {
  if (file) closeSync(openSync(file, 'a', 0o600));
  const db = new Database(file ?? ':memory:');
  if (file) {
    chmodSync(file, 0o600);
    db.pragma('journal_mode = WAL');
  }
  db.exec(SCHEMA);
  prune(db, Date.now());
  return db;
}

/** Forgets refresh tokens a week past expiry, and sessions that have none left. */
function prune(db: SessionDb, now: number): void {
  const cutoff = now - 7 * 86_400_000;
  db.prepare('DELETE FROM refresh_tokens WHERE expires_at < ?').run(cutoff);
  db.prepare('DELETE FROM sessions WHERE created_at < ? AND id NOT IN (SELECT session_id FROM refresh_tokens)').run(cutoff);
}

/** The HS256 key: made once per file (or per start, in memory). */
export function signingKey(db: SessionDb): Uint8Array {
  const row = db.prepare('SELECT value FROM meta WHERE key = ?').get('jwt_key') as { value: Buffer } | undefined;
  if (row) return new Uint8Array(row.value);
  const key = randomBytes(32);
  db.prepare('INSERT INTO meta (key, value) VALUES (?, ?)').run('jwt_key', key);
  return new Uint8Array(key);
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export function createSession(db: SessionDb, session: Pick<SessionRow, 'id' | 'user_email' | 'license_id' | 'sn_type' | 'created_at' | 'access_expires_at'>): void {
  db.prepare('INSERT INTO sessions (id, user_email, license_id, sn_type, created_at, access_expires_at) VALUES (@id, @user_email, @license_id, @sn_type, @created_at, @access_expires_at)').run(session);
}

export function setAccessExpiry(db: SessionDb, id: string, expiresAt: number): void {
  db.prepare('UPDATE sessions SET access_expires_at = ? WHERE id = ?').run(expiresAt, id);
}

export function getSession(db: SessionDb, id: string): SessionRow | undefined {
  return db.prepare('SELECT * FROM sessions WHERE id = ?').get(id) as SessionRow | undefined;
}

/** A user's sessions that are still open: not ended, and renewable (a live refresh token) or with a live access token. */
export function openSessionsOf(db: SessionDb, email: string, now: number): SessionRow[] {
  return db
    .prepare(
      `SELECT * FROM sessions s WHERE user_email = ? AND ended_at IS NULL AND (access_expires_at > ?
         OR EXISTS (SELECT 1 FROM refresh_tokens r WHERE r.session_id = s.id AND r.used_at IS NULL AND r.expires_at > ?))
       ORDER BY created_at DESC`,
    )
    .all(email, now, now) as SessionRow[];
}

export function endSession(db: SessionDb, id: string, reason: string, now: number): void {
  db.prepare('UPDATE sessions SET ended_at = ?, end_reason = ? WHERE id = ? AND ended_at IS NULL').run(now, reason, id);
}

export function addRefreshToken(db: SessionDb, token: string, sessionId: string, expiresAt: number): void {
  db.prepare('INSERT INTO refresh_tokens (token_hash, session_id, expires_at) VALUES (?, ?, ?)').run(hashToken(token), sessionId, expiresAt);
}

export function findRefreshToken(db: SessionDb, token: string): RefreshRow | undefined {
  return db.prepare('SELECT * FROM refresh_tokens WHERE token_hash = ?').get(hashToken(token)) as RefreshRow | undefined;
}

/** Marks a refresh token spent; false when it already was (a concurrent or replayed use). */
export function spendRefreshToken(db: SessionDb, token: string, now: number): boolean {
  return db.prepare('UPDATE refresh_tokens SET used_at = ? WHERE token_hash = ? AND used_at IS NULL').run(now, hashToken(token)).changes === 1;
}
