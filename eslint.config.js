import path from 'node:path';
import tseslint from 'typescript-eslint';
import vue from 'eslint-plugin-vue';
import { layerOf, mayImport } from './electron/core/layers.ts';
import { HISTORY_WORDS } from './scripts/history-words.ts';

const coreRoot = path.join(import.meta.dirname, 'electron/core');
const inCore = (file) => path.relative(coreRoot, file).split(path.sep).join('/');

// The core's layers (electron/core/layers.ts): each relative import is resolved against the file
// that makes it, so the rule sees which layer it reaches however many `../` it takes.
const coreLayers = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      upward: 'The {{from}} layer may not import from the {{to}} layer ({{target}}): see electron/core/layers.ts.',
      unplaced: '{{file}} is in no layer of electron/core/layers.ts: add its folder to the layer it belongs to.',
    },
  },
  create(context) {
    const from = layerOf(inCore(context.filename));
    if (!from) return { Program: (node) => context.report({ node, messageId: 'unplaced', data: { file: inCore(context.filename) } }) };
    const check = (node) => {
      const spec = node.source?.value;
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const target = inCore(path.resolve(path.dirname(context.filename), spec));
      const to = target.startsWith('..') ? null : layerOf(target);
      if (to && !mayImport(from, to)) context.report({ node, messageId: 'upward', data: { from: from.name, to: to.name, target } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

// The renderer's layers (docs/architecture.md): shared/ → features/ → the app shell (the files at
// renderer/src's top and bench/). shared/ imports neither features nor the shell (what it needs is
// passed in); a feature uses another's stores and helpers but not its components; a feature reaches
// the shell only through its two entrances, the routes (router.ts) and the command list (commands.ts).
const rendererRoot = path.join(import.meta.dirname, 'renderer/src');
const SHELL_ENTRANCES = ['router.ts', 'commands.ts'];
const rendererPart = (file) => {
  const rel = path.relative(rendererRoot, file).split(path.sep).join('/');
  const feature = /^features\/([^/]+)\//.exec(rel)?.[1];
  return { rel, part: rel.startsWith('shared/') ? 'shared' : feature ? `features/${feature}` : 'shell' };
};
const rendererLayers = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      shared: 'shared/ may not import from {{to}} ({{target}}): pass what it needs in (props, arguments, shared/display.ts).',
      component: '{{from}} may not import a component of {{to}} ({{target}}): use its store, or move the piece to shared/.',
      shell: '{{from}} reaches the app shell only through {{entrances}} ({{target}}).',
    },
  },
  create(context) {
    const from = rendererPart(context.filename);
    if (from.rel.startsWith('..')) return {};
    const check = (node) => {
      const spec = node.source?.value;
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const to = rendererPart(path.resolve(path.dirname(context.filename), spec));
      if (to.rel.startsWith('..') || to.part === from.part || from.part === 'shell') return;
      const data = { from: from.part, to: to.part === 'shell' ? 'the app shell' : to.part, target: to.rel, entrances: SHELL_ENTRANCES.join(' and ') };
      if (from.part === 'shared') context.report({ node, messageId: 'shared', data });
      else if (to.part === 'shell' && !SHELL_ENTRANCES.includes(to.rel)) context.report({ node, messageId: 'shell', data });
      else if (to.part.startsWith('features/') && to.rel.endsWith('.vue')) context.report({ node, messageId: 'component', data });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

// Comments say why, in words that stay true (scripts/history-words.ts).
const commentWords = {
  meta: {
    type: 'suggestion',
    schema: [],
    messages: {
      history: 'A comment names the project\'s history ("{{found}}"): say why in words; git keeps the history, docs/decisions/ the measurements.',
    },
  },
  create(context) {
    return {
      Program() {
        for (const comment of context.sourceCode.getAllComments()) {
          for (const pattern of HISTORY_WORDS) {
            const found = pattern.exec(comment.value)?.[0];
            if (found) context.report({ loc: comment.loc, messageId: 'history', data: { found } });
          }
        }
      },
    };
  },
};

// Words that only SQL text holds (upper case, as the project writes SQL), for the rule that keeps SQL
// under electron/core/db/: a string or template with one of them outside it is SQL composed there.
const SQL_TEXT = String.raw`/\b(SELECT|INSERT INTO|DELETE FROM|ORDER BY|GROUP BY|WHERE|ESCAPE|COLLATE|PRAGMA|json_extract|CAST\(|LIKE \?)/`;

const aislePlugin = { rules: { 'core-layers': coreLayers, 'renderer-layers': rendererLayers, 'comment-words': commentWords } };

export default tseslint.config(
  { ignores: ['node_modules/**', 'out/**', 'dist/**', 'release/**', 'docs/**', 'test/.artifacts/**', '.tmp/**'] },
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
    files: ['**/*.ts', '**/*.mjs', '**/*.js', '**/*.cjs', '**/*.vue'],
    plugins: { aisle: aislePlugin },
    rules: { 'aisle/comment-words': 'error' },
  },
  {
    // design.md section 1: the core is host-independent.
    files: ['electron/core/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'electron', message: 'electron/core must not import electron: take it through CoreDeps.' }], patterns: ['**/main/**', '**/hosts/**', '**/preload/**', '**/renderer/**'] }],
    },
  },
  {
    files: ['electron/core/**/*.ts', 'electron/core/**/*.mjs'],
    plugins: { aisle: aislePlugin },
    rules: { 'aisle/core-layers': 'error' },
  },
  {
    // Hosts reach the core through its entrances only: core/index.ts (the whole core) and the small
    // entrances under core/entrances/ that a quick command loads instead (docs/architecture.md).
    files: ['electron/hosts/**/*.ts', 'electron/main/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '(^|/)core/(?!index\\.ts$|entrances/[\\w-]+\\.ts$)', message: 'Hosts import the core only through electron/core/index.ts or electron/core/entrances/.' }] }],
    },
  },
  {
    files: ['renderer/**/*.ts', 'renderer/**/*.vue'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/electron/core/**', '**/electron/main/**', '**/electron/hosts/**', '**/electron/demo/**', 'zod'], message: 'The renderer talks to main only through the contract.' }, { group: ['**/electron/contract/**'], message: 'Import the contract through its alias, @contract/.' }] }],
    },
  },
  {
    files: ['renderer/src/**/*.ts', 'renderer/src/**/*.vue'],
    plugins: { aisle: aislePlugin },
    rules: { 'aisle/renderer-layers': 'error' },
  },
  {
    // One data layer: SQL is written under electron/core/db/ only, as read and write functions that
    // take the connection first. The demo server is a stand-in for a real server, not part of Aisle.
    files: ['electron/**/*.ts'],
    ignores: ['electron/core/db/**', 'electron/demo/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.property.name=/^(prepare|pragma)$/]", message: 'SQL lives in electron/core/db/: add a read or write function there.' },
        { selector: "CallExpression[callee.object.name='db'][callee.property.name=/^(exec|transaction|function)$/]", message: 'SQL lives in electron/core/db/: add a read or write function there.' },
        { selector: "NewExpression[callee.name='Database']", message: 'Connections to the mirror come from electron/core/db/connection.ts.' },
        // fragments too: a clause or an expression built outside db/ is SQL composed there
        { selector: `Literal[value=${SQL_TEXT}]`, message: 'SQL text lives in electron/core/db/: hand the data layer a typed query or add a read there.' },
        { selector: `TemplateElement[value.raw=${SQL_TEXT}]`, message: 'SQL text lives in electron/core/db/: hand the data layer a typed query or add a read there.' },
      ],
    },
  },
);
