// Words that point at the project's history instead of saying why: an "issue N", a "stop N", a
// commit hash. Git keeps the history, and a measurement that justifies a choice goes to
// docs/decisions/. Lint refuses them in comments (aisle/comment-words in eslint.config.js), and
// test/docs/history-words.test.ts in the docs.
export const HISTORY_WORDS: readonly RegExp[] = [
  /\b(?:issue|stop)\s+#?\d+/i,
  /\b(?=[0-9a-f]*[a-f])(?=[0-9a-f]*\d)[0-9a-f]{7,40}\b/,
];
