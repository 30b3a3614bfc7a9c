import { useEffect } from 'react'
import type { HydrationState } from 'react-router-dom'
import { AppProvider } from './provider'
import { AppRouter } from './router'

export function App({ hydrationData }: { hydrationData?: HydrationState }) {
  // A server-rendered page arrives with clicks held off (services/api/src/ssr/page-template.ts): the app is live now.
  useEffect(() => {
    document.getElementById('root')?.style.removeProperty('pointer-events')
  }, [])
  return (
    <AppProvider>
      <AppRouter hydrationData={hydrationData} />
    </AppProvider>
  )
}
