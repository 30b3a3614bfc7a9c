import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import importX from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import { readdirSync } from 'node:fs'

// Test support (`@bookstrut/core/testing`, `@bookstrut/accounts/testing`) and bench support (`@bookstrut/search/bench`,
// `@bookstrut/api/bench`) are for tests and benches (the bench/ workspace) only.
const testingOnly = {
  group: ['@bookstrut/*/testing', '@bookstrut/*/bench'],
  message: 'Test and bench support is for tests and benches only.',
}

/*
 * The server packages and what each may import (issue 31): dependencies point one way, core <- accounts <- billing,
 * core <- catalogue <- analytics, search may use catalogue, workers and api use all. A package is imported by its
 * name only (its entry point), never by a path into its files. Test files may use any package's test support
 * (`@bookstrut/<package>/testing`).
 */
const SERVER_PACKAGES = {
  'services/core': [],
  'services/accounts': ['core'],
  // Listings are limited by the plan (billing); analytics reads the plan for insights; search queues impressions.
  'services/catalogue': ['core', 'accounts', 'billing'],
  'services/billing': ['core', 'accounts'],
  'services/analytics': ['core', 'accounts', 'billing', 'catalogue'],
  // The admin console's use cases (issue 47).
  'services/admin': ['core', 'accounts', 'catalogue', 'billing', 'analytics'],
  'services/search': ['core', 'accounts', 'catalogue', 'analytics', 'admin'],
  // FAQ, blog, information pages, settings, contact (issue 32).
  'services/content': ['core'],
  // A reader's shelves and the Goodreads / StoryGraph import (issue 49).
  'services/library': ['core', 'catalogue'],
  workers: ['core', 'accounts', 'catalogue', 'billing', 'analytics', 'admin', 'search', 'content', 'library'],
  'services/api': [
    'core',
    'accounts',
    'catalogue',
    'billing',
    'analytics',
    'admin',
    'search',
    'content',
    'library',
    'workers',
  ],
}
const nameOf = (dir) => dir.split('/').pop()
// Every server package by name, from the table above (a new package is one line there, not two lists).
const ALL_PACKAGES = Object.keys(SERVER_PACKAGES).map(nameOf)
const testFiles = ['**/*.test.ts', '**/*.bench.ts', '**/src/test/**', 'bench/**']

/** no-restricted-imports for one package: the packages above it, deep paths, and (production) test support. */
function packageImports(dir, { production }) {
  const allowed = SERVER_PACKAGES[dir]
  const above = ALL_PACKAGES.filter((p) => p !== nameOf(dir) && !allowed.includes(p))
  return {
    paths: [
      ...above.map((p) => ({
        name: `@bookstrut/${p}`,
        message: `${dir} does not depend on @bookstrut/${p}: dependencies point one way (eslint.config.js, SERVER_PACKAGES).`,
      })),
      ...(dir === 'services/api' && production
        ? [
            {
              name: '@bookstrut/workers',
              allowImportNames: ['startWorkers', 'RunningWorkers'],
              message: 'The api imports only startWorkers from @bookstrut/workers.',
            },
          ]
        : []),
    ],
    patterns: [
      {
        group: [
          '@bookstrut/*/src',
          '@bookstrut/*/src/**',
          '@bookstrut/*/dist/**',
          '**/services/*/src/**',
          '**/workers/src/**',
        ],
        message: 'Import another package by its name (its entry point), never a path into its files.',
      },
      ...(production ? [testingOnly] : []),
    ],
  }
}

const packageZones = Object.keys(SERVER_PACKAGES).flatMap((dir) => [
  {
    files: [`${dir}/src/**`],
    rules: {
      'no-restricted-imports': ['error', packageImports(dir, { production: false })],
      // A relative path into another workspace package is a deep import too.
      'import-x/no-relative-packages': 'error',
    },
  },
  {
    files: [`${dir}/src/**`],
    ignores: [...testFiles, `${dir}/src/testing/**`],
    rules: { 'no-restricted-imports': ['error', packageImports(dir, { production: true })] },
  },
])

/** The names of the folders in `dir` (relative to this file): a new folder gets its lint zone without an edit here. */
const foldersOf = (dir) =>
  readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)

/** The api's route domains: every folder of services/api/src/routes. */
const ROUTE_DOMAINS = foldersOf('./services/api/src/routes')

/** The client's features: every folder of client/src/features (STYLE.md section 1). */
const CLIENT_FEATURES = foldersOf('./client/src/features')

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      // The server-render bundle (vite build --ssr), built output like dist.
      'client/dist-server/**',
      // Each api process's copy of the client build (services/api/src/ssr/client-snapshot.ts).
      '**/.serving/**',
      '**/node_modules/**',
      'data/**',
      'coverage/**',
      'client/e2e/artifacts/**',
      'load-tests/**',
      '**/*.config.ts',
      'vitest.shared.ts',
      'eslint.config.js',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        project: ['./tsconfig.check.json', './client/tsconfig.json'],
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    plugins: { 'import-x': importX },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import-x/no-cycle': 'error',
      // Fastify plugins and handlers are async by convention, awaiting or not.
      '@typescript-eslint/require-await': 'off',
    },
    settings: { 'import-x/resolver': { typescript: true, node: true } },
  },
  {
    // Dependencies point one way (issue 13): a route domain imports no other route domain (shared views live in
    // src/views and import no route); route services get access rules from core, not from Fastify plugins.
    files: ['services/api/src/**'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...ROUTE_DOMAINS.map((domain) => ({
              target: `./services/api/src/routes/${domain}`,
              from: './services/api/src/routes',
              except: [`./${domain}`, './deps.ts', './route-docs.ts'],
              message: 'Routes do not import each other: move what they share to src/views or to core.',
            })),
            { target: './services/api/src/views', from: './services/api/src/routes' },
            {
              target: './services/api/src/routes/*/*.service.ts',
              from: './services/api/src/plugins',
              message:
                'Services take access rules from @bookstrut/core (access policy), not from Fastify plugins.',
            },
          ],
        },
      ],
    },
  },
  // Each server package is its own zone (SERVER_PACKAGES above); test support stays out of production code.
  ...packageZones,
  {
    files: ['schemas/src/**'],
    ignores: testFiles,
    rules: { 'no-restricted-imports': ['error', { patterns: [testingOnly] }] },
  },
  {
    // The client's bundle never loads test support (its tests seed through `@bookstrut/api/testing`).
    files: ['client/src/**'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', 'client/src/test/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [testingOnly] }] },
  },
  {
    // Plain-JavaScript tooling scripts are outside every tsconfig.
    files: ['scripts/**/*.mjs', 'services/*/scripts/**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // Migrations work on Kysely<any> by design: they must not depend on the app's current types.
    files: ['services/core/src/db/migrations/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Tests read loosely typed JSON answers.
    files: ['**/*.test.ts', '**/*.test.tsx', '**/src/test/**', 'client/e2e/**'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Features never import each other (STYLE.md section 1). The client imports by its `@/` alias
    // (client/tsconfig.json paths): the resolver must read that tsconfig, or no zone sees those imports.
    files: ['client/src/**'],
    settings: {
      'import-x/resolver': { typescript: { project: './client/tsconfig.json' }, node: true },
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...CLIENT_FEATURES.map((feature) => ({
              target: `./client/src/features/${feature}`,
              from: './client/src/features',
              except: [`./${feature}`],
              message:
                'Features do not import each other: move what they share to src/components or src/lib.',
            })),
            { target: './client/src/features', from: './client/src/app' },
            { target: './client/src/components', from: ['./client/src/features', './client/src/app'] },
            { target: './client/src/lib', from: ['./client/src/features', './client/src/app'] },
          ],
        },
      ],
    },
  },
)
