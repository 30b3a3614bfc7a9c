import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import importX from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'

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
    // Plain-JavaScript tooling scripts are outside every tsconfig.
    files: ['scripts/**/*.mjs'],
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
