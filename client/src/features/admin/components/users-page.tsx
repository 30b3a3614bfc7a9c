import { Link } from 'react-router-dom'
import { EmailAddress } from '@/components/ui/email-address'
import type { AdminUsersQuery } from '@bookstrut/schemas'
import { SelectField, TextField } from '@/components/ui/field'
import { adminPaths } from '@/config/paths'
import { useDocumentTitle } from '@/lib/use-document-title'
import { useAdminUsers } from '../api/admin-users'
import { useListFilters } from '../hooks/use-list-filters'
import { AdminHead, AdminPager, formatTime } from './admin-layout'
import { ListTable } from './admin-table'
import styles from './admin.module.css'

const PAGE_SIZE = 20
const ROLES = [
  { value: '', label: 'Any role' },
  { value: 'reader', label: 'Reader' },
  { value: 'author', label: 'Author' },
  { value: 'publisher', label: 'Publisher' },
  { value: 'admin', label: 'Admin' },
]
const STATUSES = [
  { value: '', label: 'Any status' },
  { value: 'active', label: 'Active' },
  { value: 'blocked', label: 'Blocked' },
  { value: 'unverified', label: 'Unverified' },
]

/** A blocked or unverified account says so; an active one shows nothing extra. */
export function AccountStatus({ isBlocked, isVerified }: { isBlocked: boolean; isVerified: boolean }) {
  if (isBlocked) return <span className={`${styles.tag} ${styles.tagDanger}`}>Blocked</span>
  if (!isVerified) return <span className={styles.tag}>Unverified</span>
  return <span className={`${styles.tag} ${styles.tagGood}`}>Active</span>
}

/** /admin/users: accounts by name or e-mail, role and status; a row opens the account. */
export function UsersPage() {
  useDocumentTitle('Users · Admin')
  const { filters, filterBy, page, setPage } = useListFilters({ q: '', role: '', status: '' })
  const { q, role, status } = filters
  const query: AdminUsersQuery = {
    page,
    limit: PAGE_SIZE,
    ...(q.trim() ? { q: q.trim() } : {}),
    ...(role ? { role: role as AdminUsersQuery['role'] } : {}),
    ...(status ? { status: status as AdminUsersQuery['status'] } : {}),
  }
  const users = useAdminUsers(query)
  return (
    <>
      <AdminHead
        title="Users"
        lead="Find an account by name or e-mail; open it to block, unblock or change its role."
      />
      <div className={styles.toolbar} role="search">
        <TextField
          label="Search"
          type="search"
          placeholder="Name or e-mail"
          maxLength={100}
          value={q}
          onChange={filterBy('q')}
        />
        <SelectField label="Role" options={ROLES} value={role} onChange={filterBy('role')} />
        <SelectField label="Status" options={STATUSES} value={status} onChange={filterBy('status')} />
      </div>
      <ListTable
        query={users}
        rows={users.data?.items ?? []}
        loadingLabel="Loading accounts"
        failedMessage="Failed to fetch users"
        empty="No account matches."
        columns={['Name', 'E-mail', 'Role', 'Status', 'Joined']}
        className={styles.usersTable}
        row={(u) => (
          <tr key={u.id}>
            <td>
              <Link to={adminPaths.user(u.id)}>{`${u.firstName} ${u.lastName}`.trim() || u.email}</Link>
            </td>
            <td className={styles.emailCell}>
              <EmailAddress value={u.email} />
            </td>
            <td>{u.role}</td>
            <td>
              <AccountStatus isBlocked={u.isBlocked} isVerified={u.isVerified} />
            </td>
            <td>{formatTime(u.createdAt)}</td>
          </tr>
        )}
      />
      <AdminPager page={page} total={users.data?.total ?? 0} pageSize={PAGE_SIZE} onPage={setPage} />
    </>
  )
}
