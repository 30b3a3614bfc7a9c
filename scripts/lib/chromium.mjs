/**
 * How our checks launch chromium (playwright-core): Debian's build (CHROMIUM_PATH overrides), headless, with the
 * flags that keep it off the (closed) network. Shared by the client's e2e harness and scripts/tests/first-run-check.mjs.
 */
export const chromiumLaunchOptions = () => ({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
})
