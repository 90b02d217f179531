// @ts-check
/**
 * The one linter (npm run lint): typescript-eslint with type information, each file
 * typed by its own realm's tsconfig (projectService finds it), and the realm
 * boundaries the compiler cannot see (ARCHITECTURE.md, "Realms"):
 * - contract/ imports only @sinclair/typebox, decimal.js, contract/ and locales/;
 * - socket.io-client only in worker/; comlink only in worker/ and src/core/;
 *   lightweight-charts only in charts/;
 * - the app (src/, worker/, charts/) never imports server/, and the server never
 *   imports the app;
 * - the operator console (admin/) is browser code like the app: no server/, no node:;
 *   of the app it takes only the shared parts (src/api/transport.ts, src/ui/, src/lib/),
 *   never its state, screens or start (src/app, src/core, src/features, src/routes,
 *   src/i18n, src/api/client.ts...), and the app never imports the console;
 * - no node: modules in browser code; nothing of React in worker/;
 * - no `any`.
 * Test files (*.test.ts, *.test.tsx) and bench/ drive every realm from outside and may
 * cross realms. tests/unit/lint-rules.test.ts proves each boundary rule fires.
 */
import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const TS = ['**/*.ts', '**/*.tsx'];
const TESTS = ['**/*.test.ts', '**/*.test.tsx', 'bench/**'];
const REALMS = ['contract', 'src', 'worker', 'charts', 'admin', 'server', 'scripts', 'tests'];

/** How many folders deep the deepest file lies (contract/api/x.ts is 2): a relative import is matched by how far up it goes. */
function deepest(/** @type {string} */ dir, /** @type {number} */ depth = 1) {
  let max = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory() && entry.name !== 'node_modules') max = Math.max(max, deepest(path.join(dir, entry.name), depth + 1));
    else if (/\.tsx?$/.test(entry.name)) max = Math.max(max, depth);
  }
  return max;
}
const MAX_DEPTH = Math.max(6, ...REALMS.map((realm) => (fs.existsSync(path.join(import.meta.dirname, realm)) ? deepest(path.join(import.meta.dirname, realm)) : 0)));

/**
 * A forbidden import: `regex` is matched against the specifier as written, in static
 * imports and re-exports (no-restricted-imports), dynamic `import()` and type-level
 * `import('...')` (no-restricted-syntax).
 * @typedef {{ regex: string, message: string }} Ban
 */

/** @param {string} pkg */
const pkg = (pkg) => `^${pkg.replace(/[.]/g, '\\.')}(?:/|$)`;
/** A relative specifier, from a file `depth` folders below the root, that reaches the top-level folder `folders`. */
const up = (/** @type {number} */ depth, /** @type {string[]} */ folders) => `^(?:\\.\\./){${depth}}(?:${folders.join('|')})(?:/|$)`;

const BANS = {
  socketClient: { regex: pkg('socket.io-client'), message: 'socket.io-client belongs to worker/.' },
  comlink: { regex: pkg('comlink'), message: 'comlink belongs to worker/ and src/core/.' },
  charts: { regex: pkg('lightweight-charts'), message: 'lightweight-charts belongs to charts/.' },
  node: { regex: '^node:', message: 'node: modules do not run in the browser.' },
  react: { regex: '(?:^|[/@-])(?:preact|react)(?:[/.-]|$)', message: 'the worker has no React (react, react-dom, @preact/signals-react, ...).' },
  /** everything but TypeBox, decimal.js and relative paths */
  contractPackages: {
    regex: '^(?!@sinclair/typebox(?:/|$)|decimal\\.js$|\\.\\.?/)',
    message: 'contract/ may import only @sinclair/typebox, decimal.js, contract/ and locales/.',
  },
};

/**
 * Every ban for a file `depth` folders below the root in `realm` (`area` narrows it:
 * src/core may use comlink).
 * @param {string} realm
 * @param {number} depth
 * @param {string} [area]
 * @returns {Ban[]}
 */
function bansFor(realm, depth, area) {
  /** @type {Ban[]} */
  const bans = [];
  if (realm !== 'worker') bans.push(BANS.socketClient);
  if (realm !== 'worker' && area !== 'src/core') bans.push(BANS.comlink);
  if (realm !== 'charts') bans.push(BANS.charts);
  if (realm === 'contract') {
    bans.push(BANS.contractPackages, {
      regex: `^(?:\\.\\./){${depth}}(?!(?:contract|locales)/)`,
      message: 'contract/ may import only @sinclair/typebox, decimal.js, contract/ and locales/.',
    });
  }
  if (realm === 'src' || realm === 'worker' || realm === 'charts') {
    bans.push(BANS.node, { regex: up(depth, ['server']), message: 'the app (src/, worker/, charts/) must not import the server.' });
    bans.push({ regex: up(depth, ['admin']), message: 'the app (src/, worker/, charts/) must not import the operator console (admin/).' });
  }
  if (realm === 'admin') {
    bans.push(BANS.node, { regex: up(depth, ['server', 'worker']), message: 'the operator console (admin/) must not import the server or the worker.' });
    bans.push({
      regex: `^(?:\\.\\./){${depth}}src/(?!api/transport(?:\\.ts)?$|ui/|lib/)`,
      message: "the operator console (admin/) takes only the app's shared parts: src/api/transport.ts, src/ui/, src/lib/.",
    });
  }
  if (realm === 'worker') bans.push(BANS.react);
  if (realm === 'server') bans.push({ regex: up(depth, ['src', 'worker', 'charts', 'admin']), message: 'the server must not import the app (src/, worker/, charts/) or the console (admin/).' });
  return bans;
}

/**
 * The two rules that carry `bans`: one block per realm and depth, since a later block's
 * options replace an earlier one's for the same rule.
 * @param {Ban[]} bans
 * @returns {import('eslint').Linter.RulesRecord}
 */
function boundaryRules(bans) {
  return {
    'no-restricted-imports': ['error', { patterns: bans.map(({ regex, message }) => ({ regex, message, caseSensitive: true })) }],
    'no-restricted-syntax': [
      'error',
      ...bans.flatMap(({ regex, message }) => [
        { selector: `ImportExpression[source.value=/${regex.replace(/\//g, '\\/')}/]`, message },
        { selector: `TSImportType[argument.literal.value=/${regex.replace(/\//g, '\\/')}/]`, message },
      ]),
    ],
  };
}

/** @type {import('eslint').Linter.Config[]} */
const boundaries = [];
for (const realm of REALMS) {
  for (let depth = 1; depth <= MAX_DEPTH; depth++) {
    const files = [`${realm}/${'*/'.repeat(depth - 1)}*.{ts,tsx}`];
    boundaries.push({ name: `kestrel/realm ${realm} depth ${depth}`, files, ignores: TESTS, rules: boundaryRules(bansFor(realm, depth)) });
    if (realm === 'src' && depth >= 2) {
      const core = [`src/core/${'*/'.repeat(depth - 2)}*.{ts,tsx}`];
      boundaries.push({ name: `kestrel/realm src/core depth ${depth}`, files: core, ignores: TESTS, rules: boundaryRules(bansFor(realm, depth, 'src/core')) });
    }
  }
}
// The tooling at the root (vite, vitest, playwright configs).
boundaries.push({ name: 'kestrel/realm root', files: ['*.ts'], rules: boundaryRules(bansFor('root', 0)) });

export default defineConfig(
  // What .gitignore leaves out, and the generated route tree.
  globalIgnores(['node_modules/', 'dist/', 'data/', 'test-results/', 'playwright-report/', 'screenshots/', '**/.tsbuild/', 'scripts/.*.tmp.*', 'src/routeTree.gen.ts', 'public/'], 'kestrel/ignores'),
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  js.configs.recommended,
  {
    name: 'kestrel/typescript',
    files: TS,
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      // TanStack Router's redirect() is thrown, as the router expects.
      '@typescript-eslint/only-throw-error': ['error', { allow: [{ from: 'package', package: '@tanstack/router-core', name: 'Redirect' }] }],
      // tsc's noUnusedLocals and noUnusedParameters check this already (and allow `_` names).
      '@typescript-eslint/no-unused-vars': 'off',
      // An async function without await is how a Promise-returning signature (a route handler,
      // a messenger) is met here; no-floating-promises and no-misused-promises catch the hazards.
      '@typescript-eslint/require-await': 'off',
      // The sanitizers match control characters on purpose.
      'no-control-regex': 'off',
    },
  },
  {
    name: 'kestrel/tests',
    files: ['**/*.test.ts', '**/*.test.tsx'],
    rules: {
      // Vitest's asymmetric matchers (expect.any, expect.stringContaining...) are typed any.
      '@typescript-eslint/no-unsafe-assignment': 'off',
    },
  },
  {
    // The classic two rules; the React Compiler's rules (v6+ "recommended") assume a compiler the app does not use.
    name: 'kestrel/react-hooks',
    files: ['src/**/*.{ts,tsx}', 'admin/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    name: 'kestrel/javascript',
    files: ['**/*.js', '**/*.mjs'],
    languageOptions: { globals: { ...globals.node } },
  },
  ...boundaries,
);
