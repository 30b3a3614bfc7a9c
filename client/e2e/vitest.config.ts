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
    // A page polled right after it loads can take seconds to render on a loaded CI machine (a 390 px listing
    // once took more than the default 1 s): polls wait up to 15 s, and pass as soon as the value is there.
    expect: { poll: { timeout: 15_000 } },
  },
})
