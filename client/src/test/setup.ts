import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { toast } from 'sonner'
import { afterAll, afterEach } from 'vitest'
import { closeDb } from './factories'
import { pointJsdomAtApi, resolveRelativeFetchUrls, SERVER_WAIT } from './server'

// The page lives on the real API's origin (global-setup.ts started it), and fetch resolves /api/v1/... there.
pointJsdomAtApi()
resolveRelativeFetchUrls()
configure({ asyncUtilTimeout: SERVER_WAIT.timeout })

afterEach(() => {
  cleanup()
  // sonner replays undismissed toasts to the next Toaster; start every test with none.
  toast.dismiss()
  window.localStorage.clear()
  window.sessionStorage.clear()
  // A test may have made the server unreachable.
  pointJsdomAtApi()
})

afterAll(closeDb)

// jsdom has no scrolling; ScrollRestoration calls it on navigation.
window.scrollTo = () => {}

// jsdom has no media queries (lib/use-media-query.ts asks them); every query answers "no match".
if (typeof window.matchMedia !== 'function') {
  window.matchMedia = (media: string) =>
    ({
      matches: false,
      media,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList
}
