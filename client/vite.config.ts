/// <reference types="vitest/config" />
import { defineConfig, defaultClientConditions } from 'vite'
import react from '@vitejs/plugin-react'
import { VitePWA } from 'vite-plugin-pwa'

const apiTarget = 'http://127.0.0.1:3000'

/**
 * The service worker /sw.js (spec: registered at idle, checked for updates every hour; docs/seo.md), made
 * by workbox (vite-plugin-pwa's generateSW): it precaches the app shell (index.html) and the build's hashed
 * assets, answers a navigation from the network and only offline with the cached shell, and handles nothing else:
 * no API answer, no media, nothing that depends on the reader is ever cached. The app registers it itself
 * (src/lib/service-worker.ts), in production builds only.
 */
const serviceWorker = VitePWA({
  strategies: 'generateSW',
  filename: 'sw.js',
  injectRegister: false,
  manifest: false,
  workbox: {
    globPatterns: ['index.html', 'assets/**/*.{js,css,woff,woff2,png,svg,webp,jpg,ico}'],
    // One file: no separate workbox-*.js beside it.
    inlineWorkboxRuntime: true,
    cleanupOutdatedCaches: true,
    // No navigation fallback from the cache while online: pages are server-rendered (docs/seo.md).
    navigateFallback: null,
    runtimeCaching: [
      {
        urlPattern: ({ request, url }) => request.mode === 'navigate' && !url.pathname.startsWith('/api/'),
        handler: 'NetworkOnly',
        options: { precacheFallback: { fallbackURL: 'index.html' } },
      },
    ],
  },
})

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [react(), ...(command === 'build' && !isSsrBuild ? [serviceWorker] : [])],
  resolve: {
    alias: { '@': decodeURIComponent(new URL('./src', import.meta.url).pathname) },
    // `source` makes @bookstrut/schemas resolve to its TypeScript source, so no schemas build is needed.
    conditions: ['source', ...defaultClientConditions],
  },
  css: {
    // Readable class names in the page: the component's file, the class as written, and a short hash that keeps
    // two components' same-named classes apart (e.g. favorites-page-module__favorite-row__x1Yz).
    modules: { generateScopedName: '[name]__[local]__[hash:base64:4]' },
  },
  // The server render (src/entry-server.tsx, docs/seo.md): `vite build --ssr` bundles our workspace packages from
  // source and leaves npm packages to Node at run time.
  ssr: { noExternal: ['@bookstrut/schemas'] },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/media': { target: apiTarget, changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/media': { target: apiTarget, changeOrigin: true },
    },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    // The real API (built services/api/dist) as one process for the run. Its port is free only once the
    // server holds it, so jsdom's URL is not set here (environmentOptions is fixed at config time): setup.ts
    // moves each test file's jsdom to the server's origin with jsdom.reconfigure.
    globalSetup: ['src/test/global-setup.ts'],
    setupFiles: ['src/test/setup.ts'],
    css: false,
    // Component tests make real requests (and type with user-event) on two-core CI machines.
    testTimeout: 15_000,
  },
}))
