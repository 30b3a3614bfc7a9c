import { useEffect, useRef } from 'react'
import { createPortal } from 'react-dom'
import { NavLink } from 'react-router-dom'
import type { InformationLink } from '@bookstrut/schemas'
import { Button } from '@/components/ui/button'
import { trapTab } from '@/components/ui/focus-trap'
import { CloseButton } from '@/components/ui/modal'
import { paths } from '@/config/paths'
import type { NavItem } from './nav-items'
import styles from './mobile-menu.module.css'

export interface MobileMenuProps {
  items: readonly NavItem[]
  otherPages: readonly InformationLink[]
  isLoggedIn: boolean
  onClose: () => void
  onSignIn: () => void
  onSignUp: () => void
}

/** The slide-in menu for small screens; it repeats the desktop menu (Other Menu pages listed in full). */
export function MobileMenu({ items, otherPages, isLoggedIn, onClose, onSignIn, onSignUp }: MobileMenuProps) {
  const panelRef = useRef<HTMLDivElement>(null)
  const onCloseRef = useRef(onClose)
  useEffect(() => {
    onCloseRef.current = onClose
  })
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    panelRef.current?.querySelector<HTMLElement>('a, button')?.focus()
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onCloseRef.current()
    }
    document.addEventListener('keydown', onKey)
    const overflow = document.body.style.overflow
    document.body.style.overflow = 'hidden'
    return () => {
      document.removeEventListener('keydown', onKey)
      document.body.style.overflow = overflow
      if (opener?.isConnected) opener.focus()
    }
  }, [])

  const linkClass = ({ isActive }: { isActive: boolean }) =>
    `${styles.drawer__link}${isActive ? ` ${styles['drawer__link--active']}` : ''}`
  return createPortal(
    <div className={styles['drawer-backdrop']} onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div
        ref={panelRef}
        className={styles.drawer}
        role="dialog"
        aria-modal="true"
        aria-label="Menu"
        onKeyDown={(event) => trapTab(event, panelRef.current)}
      >
        <div className={styles.drawer__head}>
          <span className={styles.drawer__title}>Menu</span>
          <CloseButton label="Close menu" onClick={onClose} />
        </div>
        <nav aria-label="Mobile">
          <ul className={styles.drawer__list}>
            {items.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.to === paths.home} className={linkClass} onClick={onClose}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
          {otherPages.length > 0 && (
            <>
              <p className={styles.drawer__section}>Other Menu</p>
              <ul className={styles.drawer__list}>
                {otherPages.map((page) => (
                  <li key={page._id}>
                    <NavLink to={paths.pageDetail(page.path)} className={linkClass} onClick={onClose}>
                      {page.information_name}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </>
          )}
        </nav>
        {!isLoggedIn && (
          <div className={styles.drawer__actions}>
            <Button variant="secondary" block onClick={onSignIn}>
              Sign In
            </Button>
            <Button block onClick={onSignUp}>
              Sign Up
            </Button>
          </div>
        )}
      </div>
    </div>,
    document.body,
  )
}
