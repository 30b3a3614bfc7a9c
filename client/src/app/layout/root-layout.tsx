import { Outlet, ScrollRestoration, useNavigation } from 'react-router-dom'
import { AuthModalsProvider } from '@/features/auth/components/auth-modals-provider'
import { useSessionCheck } from '@/features/auth/hooks/use-session-check'
import { useSettings } from '@/features/content/api/get-settings'
import { usePageViews } from '@/lib/use-page-views'
import { PlayerProvider } from '@/features/player/components/player-provider'
import { AccountPromptsBridge } from './account-prompts-bridge'
import { BlockedGate } from './blocked-gate'
import { Footer } from './footer'
import { Header } from './header'
import { WelcomeGate } from './welcome-gate'
import styles from './root-layout.module.css'

/**
 * Every page: header, content, footer, account dialogs, the Welcome modal, the persistent audio player, and on each
 * route change the session check and the page view.
 */
export function RootLayout() {
  useSessionCheck()
  usePageViews()
  const settings = useSettings()
  const navigation = useNavigation()
  return (
    <AuthModalsProvider supportEmail={settings?.authEmailCredentials.email}>
      <AccountPromptsBridge>
        <PlayerProvider>
          <a href="#main" className={styles['skip-link']}>
            Skip to content
          </a>
          {navigation.state === 'loading' && (
            <div className={styles['route-progress']} role="progressbar" aria-label="Loading page" />
          )}
          <Header />
          <main id="main" className={styles['site-main']} tabIndex={-1}>
            <Outlet />
          </main>
          <Footer />
          <WelcomeGate />
          <BlockedGate />
          <ScrollRestoration />
        </PlayerProvider>
      </AccountPromptsBridge>
    </AuthModalsProvider>
  )
}
