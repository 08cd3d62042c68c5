// One step of the mirror's schema: the SQL that brings a file of `version - 1` to `version`.
export interface Migration {
  /** The `user_version` a file has once this migration is applied. */
  readonly version: number;
  /** Run in one transaction; may call content_hash(), natural_sort_key(), utc_instant() and stock_code_key(). */
  readonly sql: string;
}
