import tseslint from 'typescript-eslint';
import vue from 'eslint-plugin-vue';

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
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/electron/core/**', '**/electron/main/**', '**/electron/hosts/**', '**/electron/demo/**', 'zod'], message: 'The renderer talks to main only through the contract.' }, { group: ['**/electron/contract/**'], message: 'Import the contract through its alias, @contract/.' }] }],
    },
  },
);
