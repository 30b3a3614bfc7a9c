import { defineConfig } from 'vitest/config'

/** End-to-end tests: the built app as a real process, driven through Debian's chromium. */
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['**/*.e2e.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 90_000,
    fileParallelism: false,
  },
})
