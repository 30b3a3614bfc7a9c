// The global sheets first: the components' CSS modules (imported through App) come after them in the cascade, so a
// component's own rule wins over a global one of the same weight. The shared ui pieces whose look a page adjusts
// (the container's padding, a button's width) load right after, before any page's module.
import './styles/global.css'
import './components/ui/form'
import './components/ui/section'
import './components/ui/profile-card'
import './components/ui/container'
import './components/ui/button'
import './components/ui/icon-button'
import './components/ui/spinner'
import './components/ui/skeleton'
import { StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { hydrate } from '@tanstack/react-query'
import { App } from './app/app'
import { readServerState, resolveLazyRoutes } from './app/hydration'
import { routes } from './app/router'
import { queryClient } from './lib/query-client'
import { registerServiceWorker } from './lib/service-worker'

const container = document.getElementById('root')
if (!container) throw new Error('The page has no #root element')

/** A server-rendered page (docs/seo.md) is hydrated with the server's queries and router state; else a fresh app. */
async function start(root: HTMLElement) {
  const state = readServerState(document)
  if (!state) {
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    )
    return
  }
  hydrate(queryClient, state.queries)
  await resolveLazyRoutes(routes, window.location)
  hydrateRoot(
    root,
    <StrictMode>
      <App hydrationData={state.router} />
    </StrictMode>,
  )
}

void start(container)
registerServiceWorker()
