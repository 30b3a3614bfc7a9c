// The global sheets first: the components' CSS modules (imported through App) come after them in the cascade, so a
// component's own rule wins over a global one of the same weight (e.g. its padding over `.container`'s).
import './styles/global.css'
import './styles/catalogue.css'
import './styles/search.css'
import './styles/reactions.css'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/app'

const container = document.getElementById('root')
if (!container) throw new Error('The page has no #root element')

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
