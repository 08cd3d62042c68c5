import tseslint from 'typescript-eslint';
import vue from 'eslint-plugin-vue';

// Files that still write SQL outside electron/core/db/: the snapshot apply and the sync round (being
// split into named steps, whose SQL goes to core/db/write/snapshot/), the WAL's checkpoints (to be
// handled in one place), and the search index builder.
const SQL_NOT_YET_IN_DB = [
  'electron/core/mirror/apply-snapshot.ts',
  'electron/core/sync/sync-round.ts',
  'electron/core/sync/sync-worker.ts',
  'electron/core/mirror/dataset-caps.ts',
  'electron/core/mirror/search-index-builder.ts',
];

export default tseslint.config(
  { ignores: ['node_modules/**', 'out/**', 'dist/**', 'release/**', 'docs/**', 'test/.artifacts/**'] },
  ...tseslint.configs.recommended,
  ...vue.configs['flat/recommended'],
  {
    files: ['**/*.vue'],
    languageOptions: { parserOptions: { parser: tseslint.parser } },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-empty-object-type': 'off',
      'vue/multi-word-component-names': 'off',
      'vue/max-attributes-per-line': 'off',
      'vue/singleline-html-element-content-newline': 'off',
      'vue/html-self-closing': 'off',
    },
  },
  {
    // design.md section 1: the core is host-independent.
    files: ['electron/core/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'electron', message: 'electron/core must not import electron: take it through CoreDeps.' }], patterns: ['**/main/**', '**/hosts/**', '**/preload/**', '**/renderer/**'] }],
    },
  },
  {
    files: ['renderer/**/*.ts', 'renderer/**/*.vue'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/electron/core/**', '**/electron/main/**', '**/electron/hosts/**', '**/electron/demo/**', 'zod'], message: 'The renderer talks to main only through the contract.' }] }],
    },
  },
  {
    // One data layer: SQL is written under electron/core/db/ only, as read and write functions that
    // take the connection first. The files listed in `ignores` still hold SQL on its way there.
    files: ['electron/**/*.ts'],
    ignores: ['electron/core/db/**', 'electron/demo/**', ...SQL_NOT_YET_IN_DB],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.property.name=/^(prepare|pragma)$/]", message: 'SQL lives in electron/core/db/: add a read or write function there.' },
        { selector: "CallExpression[callee.object.name='db'][callee.property.name=/^(exec|transaction|function)$/]", message: 'SQL lives in electron/core/db/: add a read or write function there.' },
        { selector: "NewExpression[callee.name='Database']", message: 'Connections to the mirror come from electron/core/db/connection.ts.' },
      ],
    },
  },
);
