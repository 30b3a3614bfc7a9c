import { useState } from 'react'
import { Link, NavLink } from 'react-router-dom'
import { Button } from '@/components/ui/button'
import { menuClasses, Popover } from '@/components/ui/popover'
import { paths } from '@/config/paths'
import { useAuthModals } from '@/features/auth/hooks/use-auth-modals'
import { useInformationLinks } from '@/features/content/api/get-information-links'
import { useStoredSession } from '@/lib/storage'
import { AccountMenu } from './account-menu'
import { Brand } from './brand'
import { MobileMenu } from './mobile-menu'
import { visibleNav } from './nav-items'
import styles from './header.module.css'
import { containerClass } from '@/components/ui/container'

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `${styles.nav__link}${isActive ? ` ${styles['nav__link--active']}` : ''}`

/** The sticky site header (spec reader-and-account section 2). */
export function Header() {
  const session = useStoredSession()
  const modals = useAuthModals()
  const otherPages = useInformationLinks('menu')
  const [mobileOpen, setMobileOpen] = useState(false)
  const items = visibleNav(session.role)

  return (
    <header className={styles['site-header']}>
      <div className={containerClass(styles['site-header__inner'])}>
        <Brand />

        <nav className={styles.nav} aria-label="Main">
          <ul className={styles.nav__list}>
            {items.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.to === paths.home} className={navLinkClass}>
                  {item.label}
                </NavLink>
              </li>
            ))}
            {otherPages.length > 0 && (
              <li>
                <Popover
                  trigger={(props) => (
                    <button type="button" className={styles.nav__link} {...props}>
                      Other Menu
                      <svg
                        viewBox="0 0 24 24"
                        width="16"
                        height="16"
                        aria-hidden="true"
                        className={styles.chevron}
                      >
                        <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" />
                      </svg>
                    </button>
                  )}
                >
                  {(close) => (
                    <ul className={menuClasses.list}>
                      {otherPages.map((page) => (
                        <li key={page._id}>
                          <Link className={menuClasses.item} to={paths.pageDetail(page.path)} onClick={close}>
                            {page.information_name}
                          </Link>
                        </li>
                      ))}
                    </ul>
                  )}
                </Popover>
              </li>
            )}
          </ul>
        </nav>

        <div className={styles['site-header__actions']}>
          {session.isLoggedIn ? (
            <AccountMenu storedRole={session.role} />
          ) : (
            <>
              <Button
                variant="ghost"
                className={`${styles['site-header__action']} ${styles['site-header__signin']}`}
                onClick={modals.openSignIn}
              >
                Sign In
              </Button>
              <Button className={styles['site-header__action']} onClick={modals.openSignUp}>
                Sign Up
              </Button>
            </>
          )}
          <button
            type="button"
            className={styles.hamburger}
            aria-label="Open menu"
            aria-expanded={mobileOpen}
            onClick={() => setMobileOpen(true)}
          >
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
              <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
      </div>
      {mobileOpen && (
        <MobileMenu
          items={items}
          otherPages={otherPages}
          isLoggedIn={session.isLoggedIn}
          onClose={() => setMobileOpen(false)}
          onSignIn={() => {
            setMobileOpen(false)
            modals.openSignIn()
          }}
          onSignUp={() => {
            setMobileOpen(false)
            modals.openSignUp()
          }}
        />
      )}
    </header>
  )
}
