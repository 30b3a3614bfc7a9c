import { defaultServerConditions } from 'vite'
import { defineConfig } from 'vitest/config'

/** Shared by the server-side workspaces: our own packages resolve to their TypeScript sources (`source`). */
export const serverTestConfig = defineConfig({
  resolve: { conditions: ['source', ...defaultServerConditions] },
  ssr: { resolve: { conditions: ['source', ...defaultServerConditions] } },
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
})
