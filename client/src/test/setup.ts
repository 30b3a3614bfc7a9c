import '@testing-library/jest-dom/vitest'
import { cleanup } from '@testing-library/react'
import { toast } from 'sonner'
import { afterEach } from 'vitest'

afterEach(() => {
  cleanup()
  // sonner replays undismissed toasts to the next Toaster; start every test with none.
  toast.dismiss()
  window.localStorage.clear()
  window.sessionStorage.clear()
})

// jsdom has no scrolling; ScrollRestoration calls it on navigation.
window.scrollTo = () => {}
