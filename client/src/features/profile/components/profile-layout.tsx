import { useId, useState } from 'react'
import { NavLink, Outlet, useLocation } from 'react-router-dom'
import { paths } from '@/config/paths'
import { useStoredSession } from '@/lib/storage'
import styles from './profile-layout.module.css'
import { containerClass } from '@/components/ui/container'

interface MenuItem {
  to: string
  label: string
  icon: string
  /** Hidden for readers (spec: My Listings and My Membership). */
  creatorsOnly?: boolean
  /** The item is current on every address starting with this (the shelf pages) */
  matches?: string
}

const menu: readonly MenuItem[] = [
  { to: paths.profile, label: 'My Dashboard', icon: 'M3 13h8V3H3zm0 8h8v-6H3zm10 0h8V11h-8zm0-18v6h8V3z' },
  { to: paths.profileListings, label: 'My Listings', icon: 'M4 6h16M4 12h16M4 18h10', creatorsOnly: true },
  {
    to: paths.profileMembership,
    label: 'My Membership',
    icon: 'M12 2l3 6 6 .9-4.5 4.3 1 6.3L12 16.6 6.5 19.5l1-6.3L3 8.9 9 8z',
    creatorsOnly: true,
  },
  {
    to: paths.profileFavorite,
    label: 'Favorite',
    icon: 'M12 21l-1.4-1.3C5.4 15 2 12 2 8.4 2 5.4 4.4 3 7.4 3c1.7 0 3.4.8 4.6 2.1C13.2 3.8 14.9 3 16.6 3 19.6 3 22 5.4 22 8.4c0 3.6-3.4 6.6-8.6 11.3z',
  },
  {
    to: paths.profileShelf('want-to-read'),
    label: 'My Shelves',
    icon: 'M4 4h4v16H4zM10 4h4v16h-4zM16 5l3.5-1 3 15.5-3.5 1z',
    matches: '/profile-shelves/',
  },
  {
    to: paths.profileImport,
    label: 'Import Library',
    icon: 'M12 3v12m0 0l-4-4m4 4l4-4M4 17v3h16v-3',
  },
  {
    to: paths.profileSearch,
    label: 'Saved Search',
    icon: 'M10 2a8 8 0 016.3 12.9l5.4 5.4-1.4 1.4-5.4-5.4A8 8 0 1110 2zm0 2a6 6 0 100 12 6 6 0 000-12z',
  },
  {
    to: paths.profileGhost,
    label: 'Ghosted Titles',
    icon: 'M12 2a8 8 0 00-8 8v12l3-2 2.5 2 2.5-2 2.5 2 2.5-2 3 2V10a8 8 0 00-8-8zm-3 8a1.5 1.5 0 110-3 1.5 1.5 0 010 3zm6 0a1.5 1.5 0 110-3 1.5 1.5 0 010 3z',
  },
  {
    to: paths.logout,
    label: 'Log Out',
    icon: 'M10 17l-5-5 5-5M5 12h12M14 4h5a1 1 0 011 1v14a1 1 0 01-1 1h-5',
  },
]

function MenuIcon({ d }: { d: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="18"
      height="18"
      aria-hidden="true"
      className={styles['profile-menu__icon']}
    >
      <path
        d={d}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  )
}

/**
 * The profile area's frame: a left menu which, below 1245 px, collapses into a dropdown. My Listings and
 * My Membership are hidden for readers.
 */
export function ProfileLayout() {
  const { role } = useStoredSession()
  const location = useLocation()
  const [open, setOpen] = useState(false)
  const listId = useId()
  const items = menu.filter((item) => !(item.creatorsOnly && role === 'reader'))
  const here = location.pathname.toLowerCase()
  const current =
    items.find((item) => item.to.toLowerCase() === here || (item.matches && here.startsWith(item.matches))) ??
    items[0]

  return (
    <div className={containerClass(styles['profile-area'])}>
      <aside className={styles['profile-sidebar']} aria-label="Profile menu">
        <button
          type="button"
          className={styles['profile-sidebar__toggle']}
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen((o) => !o)}
        >
          {current && <MenuIcon d={current.icon} />}
          <span>{current?.label ?? 'Menu'}</span>
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" className={styles.chevron}>
            <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" />
          </svg>
        </button>
        <nav
          id={listId}
          className={`${styles['profile-menu']}${open ? ` ${styles['profile-menu--open']}` : ''}`}
          aria-label="Profile"
        >
          <ul>
            {items.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end
                  onClick={() => setOpen(false)}
                  className={({ isActive }) =>
                    `${styles['profile-menu__link']}${isActive ? ` ${styles['profile-menu__link--active']}` : ''}${item.to === paths.logout ? ` ${styles['profile-menu__link--logout']}` : ''}`
                  }
                >
                  <MenuIcon d={item.icon} />
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </aside>
      <div className={styles['profile-main']}>
        <Outlet />
      </div>
    </div>
  )
}
