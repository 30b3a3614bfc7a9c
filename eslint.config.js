import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import importX from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'

const testingOnly = {
  name: '@bookstrut/core/testing',
  message: 'Test support is for tests and benches only.',
}

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
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
            ...['admin', 'content', 'ghosts', 'health', 'podcasts', 'search', 'search-history', 'users'].map(
              (domain) => ({
                target: `./services/api/src/routes/${domain}`,
                from: './services/api/src/routes',
                except: [`./${domain}`, './deps.ts', './route-docs.ts'],
                message: 'Routes do not import each other: move what they share to src/views or to core.',
              }),
            ),
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
  {
    // The content domain (services/content) is a library: it knows nothing of HTTP, workers or the client.
    files: ['services/content/src/**'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './services/content/src',
              from: ['./services/api', './workers', './client'],
              message: 'services/content is a library: the api and the workers import it, never the reverse.',
            },
          ],
        },
      ],
    },
  },
  {
    // Test support (@bookstrut/core/testing) stays out of production code.
    files: ['services/*/src/**', 'workers/src/**', 'schemas/src/**'],
    ignores: [
      '**/*.test.ts',
      '**/*.bench.ts',
      '**/src/test/**',
      '**/src/bench/**',
      'services/core/src/testing/**',
    ],
    rules: { 'no-restricted-imports': ['error', { paths: [testingOnly] }] },
  },
  {
    // The api starts the workers and imports nothing else from them (the embedding of a book is in search).
    files: ['services/api/src/**'],
    ignores: ['**/*.test.ts', '**/*.bench.ts', '**/src/test/**', '**/src/bench/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            testingOnly,
            {
              name: '@bookstrut/workers',
              allowImportNames: ['startWorkers', 'RunningWorkers'],
              message: 'The api imports only startWorkers from @bookstrut/workers.',
            },
          ],
        },
      ],
    },
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
    // Features never import each other (STYLE.md section 1).
    files: ['client/src/**'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './client/src/features/auth', from: './client/src/features', except: ['./auth'] },
            {
              target: './client/src/features/analytics',
              from: './client/src/features',
              except: ['./analytics'],
            },
            { target: './client/src/features/profile', from: './client/src/features', except: ['./profile'] },
            { target: './client/src/features/content', from: './client/src/features', except: ['./content'] },
            { target: './client/src/features/home', from: './client/src/features', except: ['./home'] },
            {
              target: './client/src/features/catalogue',
              from: './client/src/features',
              except: ['./catalogue'],
            },
            { target: './client/src/features/player', from: './client/src/features', except: ['./player'] },
            { target: './client/src/features/search', from: './client/src/features', except: ['./search'] },
            {
              target: './client/src/features/favorites',
              from: './client/src/features',
              except: ['./favorites'],
            },
            {
              target: './client/src/features/moderation',
              from: './client/src/features',
              except: ['./moderation'],
            },
            { target: './client/src/features', from: './client/src/app' },
            { target: './client/src/components', from: ['./client/src/features', './client/src/app'] },
            { target: './client/src/lib', from: ['./client/src/features', './client/src/app'] },
          ],
        },
      ],
    },
  },
)
