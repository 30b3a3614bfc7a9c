import { Link } from 'react-router-dom'
import { Avatar } from '@/components/ui/avatar'
import { EmailAddress } from '@/components/ui/email-address'
import { menuClasses, Popover } from '@/components/ui/popover'
import { paths } from '@/config/paths'
import { useMe } from '@/features/auth/api/refresh-session'
import { useSignOut } from '@/features/auth/hooks/use-session-actions'
import styles from './account-menu.module.css'
import { badgeClass } from '@/components/ui/badge'

const roleLabels: Record<string, string> = {
  reader: 'Reader',
  author: 'Author',
  publisher: 'Publisher',
  admin: 'Admin',
}

/** The signed-in avatar (initials without a picture) and its dropdown: email, name, role, dashboard, sign out. */
export function AccountMenu({ storedRole }: { storedRole: string | null }) {
  const { data: me } = useMe()
  const signOut = useSignOut()
  const role = me?.role ?? storedRole
  return (
    <Popover
      align="end"
      panelClassName={styles['account-menu']}
      panelTestId="account-menu"
      trigger={(props) => (
        <button type="button" className={styles['avatar-button']} aria-label="Account menu" {...props}>
          <Avatar firstName={me?.first_name} lastName={me?.last_name} imageUrl={me?.profileImage} size="md" />
        </button>
      )}
    >
      {(close) => (
        <>
          <div className={styles['account-menu__who']}>
            <Avatar
              firstName={me?.first_name}
              lastName={me?.last_name}
              imageUrl={me?.profileImage}
              size="lg"
            />
            <div className={styles['account-menu__text']}>
              <p className={styles['account-menu__name']}>
                {me ? `${me.first_name} ${me.last_name}` : 'Loading…'}
              </p>
              <p className={styles['account-menu__email']}>
                <EmailAddress value={me?.email ?? ''} />
              </p>
              {role && (
                <span className={`${badgeClass} ${styles['badge--soft']}`}>{roleLabels[role] ?? role}</span>
              )}
            </div>
          </div>
          <ul className={menuClasses.list}>
            <li>
              <Link className={menuClasses.item} to={paths.profile} onClick={close}>
                My Dashboard
              </Link>
            </li>
            {role === 'admin' && (
              <li>
                <Link className={menuClasses.item} to={paths.admin} onClick={close}>
                  Admin console
                </Link>
              </li>
            )}
            <li>
              <button
                type="button"
                className={`${menuClasses.item} ${styles['account-menu__item--danger']}`}
                onClick={() => {
                  close()
                  void signOut()
                }}
              >
                Sign Out
              </button>
            </li>
          </ul>
        </>
      )}
    </Popover>
  )
}
