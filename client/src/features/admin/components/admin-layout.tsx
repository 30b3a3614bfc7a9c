import { NavLink, Outlet } from 'react-router-dom'
import { Button } from '@/components/ui/button'
import { adminPaths } from '@/config/paths'
import styles from './admin.module.css'
import { containerClass } from '@/components/ui/container'

/** The console's sections, in the order the nav shows them. Content is built by the content editors' pages. */
export const ADMIN_SECTIONS = [
  { to: adminPaths.users, label: 'Users' },
  { to: adminPaths.moderation, label: 'Moderation' },
  { to: adminPaths.readersWords, label: "Readers' words" },
  { to: adminPaths.reports, label: 'Reports' },
  { to: adminPaths.content, label: 'Content' },
  { to: adminPaths.plans, label: 'Plans' },
  { to: adminPaths.top20, label: 'Top 20' },
  { to: adminPaths.auditLog, label: 'Audit log' },
] as const

/** /admin: the console's nav beside the section's page. */
export function AdminLayout() {
  return (
    <div className={containerClass(styles.shell)}>
      <nav className={styles.nav} aria-label="Admin console">
        <p className={styles.navTitle}>Admin console</p>
        {ADMIN_SECTIONS.map((s) => (
          <NavLink
            key={s.to}
            to={s.to}
            className={({ isActive }) => `${styles.navLink} ${isActive ? styles.active : ''}`}
          >
            {s.label}
          </NavLink>
        ))}
      </nav>
      <div className={styles.page}>
        <Outlet />
      </div>
    </div>
  )
}

/** A section's heading and one line on what it is for. */
export function AdminHead({ title, lead }: { title: string; lead: string }) {
  return (
    <header className={styles.head}>
      <h1>{title}</h1>
      <p>{lead}</p>
    </header>
  )
}

/** Previous / Next under a paged list. */
export function AdminPager({
  page,
  total,
  pageSize,
  onPage,
}: {
  page: number
  total: number
  pageSize: number
  onPage: (page: number) => void
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize))
  if (pages <= 1) return null
  return (
    <nav className={styles.pager} aria-label="Pages">
      <Button variant="secondary" size="sm" onClick={() => onPage(page - 1)} disabled={page <= 1}>
        Previous
      </Button>
      <span>
        Page {page} of {pages}
      </span>
      <Button variant="secondary" size="sm" onClick={() => onPage(page + 1)} disabled={page >= pages}>
        Next
      </Button>
    </nav>
  )
}

export const formatTime = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })
