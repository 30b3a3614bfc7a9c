import type { ReactNode } from 'react'
import { Link } from 'react-router-dom'
import { paths } from '@/config/paths'
import { useInformationLinks } from '@/features/content/api/get-information-links'
import { socialNetworks, useSettings, type SocialNetwork } from '@/features/content/api/get-settings'
import { useSignOut } from '@/features/auth/hooks/use-session-actions'
import { useStoredSession } from '@/lib/storage'
import { Brand } from './brand'
import styles from './footer.module.css'
import { linkButtonClass } from '@/components/ui/button'
import { containerClass } from '@/components/ui/container'

const socialIcons: Record<SocialNetwork, ReactNode> = {
  Facebook: (
    <path d="M14 8h3V4h-3a4 4 0 00-4 4v2H8v4h2v8h4v-8h3l1-4h-4V8.5a.5.5 0 01.5-.5z" fill="currentColor" />
  ),
  Instagram: (
    <path
      d="M7 3h10a4 4 0 014 4v10a4 4 0 01-4 4H7a4 4 0 01-4-4V7a4 4 0 014-4zm5 5a4 4 0 100 8 4 4 0 000-8zm0 2a2 2 0 110 4 2 2 0 010-4zm5.5-3.5a1 1 0 100 2 1 1 0 000-2z"
      fill="currentColor"
      fillRule="evenodd"
    />
  ),
  YouTube: (
    <path
      d="M21.6 7.2a2.5 2.5 0 00-1.8-1.8C18.2 5 12 5 12 5s-6.2 0-7.8.4a2.5 2.5 0 00-1.8 1.8C2 8.8 2 12 2 12s0 3.2.4 4.8a2.5 2.5 0 001.8 1.8C5.8 19 12 19 12 19s6.2 0 7.8-.4a2.5 2.5 0 001.8-1.8c.4-1.6.4-4.8.4-4.8s0-3.2-.4-4.8zM10 15V9l5.2 3z"
      fill="currentColor"
    />
  ),
  TikTok: (
    <path
      d="M16.5 3c.3 2.2 1.6 3.6 3.5 3.8v3.1a7 7 0 01-3.5-1.1v6.4A5.8 5.8 0 1110.7 9.4v3.2a2.7 2.7 0 102 2.6V3z"
      fill="currentColor"
    />
  ),
}

/** The site footer (spec reader-and-account section 2). */
export function Footer() {
  const { isLoggedIn } = useStoredSession()
  const pages = useInformationLinks('footer')
  const settings = useSettings()
  const signOut = useSignOut()
  const socials = socialNetworks
    .map((network) => ({ network, url: settings?.[network].trim() ?? '' }))
    .filter((s) => s.url !== '')

  return (
    <footer className={styles['site-footer']}>
      <div className={containerClass(styles['site-footer__inner'])}>
        <div className={styles['site-footer__brand']}>
          <Brand light />
          <p className={styles['site-footer__tagline']}>
            Describe the ideas you want to read about. Hear a short podblurb. Find your next book.
          </p>
          {socials.length > 0 && (
            <ul className={styles.socials} aria-label="BookStrut on social media">
              {socials.map(({ network, url }) => (
                <li key={network}>
                  <a
                    className={styles.socials__link}
                    href={url}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={network}
                  >
                    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                      {socialIcons[network]}
                    </svg>
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>

        <nav className={styles['site-footer__col']} aria-label="Explore">
          <h2 className={styles['site-footer__heading']}>Explore</h2>
          <ul>
            <li>
              <Link to={paths.home}>Home</Link>
            </li>
            <li>
              <Link to={paths.membership}>Membership</Link>
            </li>
            <li>
              <Link to={paths.contact}>Contact Us</Link>
            </li>
            <li>
              <Link to={paths.policy}>Privacy Policy</Link>
            </li>
            {isLoggedIn && (
              <li>
                <button
                  type="button"
                  className={linkButtonClass(styles['site-footer__link-button'])}
                  onClick={() => void signOut()}
                >
                  Logout
                </button>
              </li>
            )}
          </ul>
        </nav>

        {pages.length > 0 && (
          <nav className={styles['site-footer__col']} aria-label="Support">
            <h2 className={styles['site-footer__heading']}>Support</h2>
            <ul>
              {pages.map((page) => (
                <li key={page._id}>
                  <Link to={paths.pageDetail(page.path)}>{page.information_name}</Link>
                </li>
              ))}
            </ul>
          </nav>
        )}
      </div>
      <div className={styles['site-footer__bottom']}>
        <p className={containerClass()}>© {new Date().getFullYear()} BookStrut. All rights reserved.</p>
      </div>
    </footer>
  )
}
