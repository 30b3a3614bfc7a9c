import { useState } from 'react'
import { Link, useParams } from 'react-router-dom'
import { toast } from 'sonner'
import type { AdminUser, AdminUserDetail, Role } from '@bookstrut/schemas'
import { Button } from '@/components/ui/button'
import { SelectField } from '@/components/ui/field'
import { ListStates } from '@/components/ui/list-states'
import { NoteDialog } from '@/components/ui/note-dialog'
import { adminPaths } from '@/config/paths'
import { errorMessage } from '@/lib/api-client'
import { useDocumentTitle } from '@/lib/use-document-title'
import { useAdminUser, useSetBlocked, useSetRole } from '../api/admin-users'
import { AdminHead, formatTime } from './admin-layout'
import { AccountStatus } from './users-page'
import { BookCell, Table } from './admin-table'
import { ConfirmWrite } from './confirm-write'
import { GrantPlanDialog } from './grant-plan-dialog'
import styles from './admin.module.css'

const LISTING_STATUS = ['Pending', 'Approved', 'Rejected']
const ROLE_OPTIONS = ['reader', 'author', 'publisher', 'admin'].map((r) => ({ value: r, label: r }))

/** The note the blocked user reads in their blocked dialog; required. */
function BlockDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const [error, setError] = useState<string | undefined>()
  const block = useSetBlocked()
  return (
    <NoteDialog
      title={`Block ${user.email}?`}
      label="Note shown to the user"
      hint="They read it in the blocked dialog on their next page."
      requiredMessage="Write the note the user will see."
      confirmLabel="Block user"
      busy={block.isPending}
      error={error}
      onClose={onClose}
      onSubmit={(notes) =>
        block.mutate(
          { userId: user.id, blocked: true, notes },
          {
            onSuccess: () => {
              toast.success('User blocked')
              onClose()
            },
            onError: (err) => setError(errorMessage(err)),
          },
        )
      }
    />
  )
}

function AccountActions({ user, plan }: { user: AdminUser; plan: AdminUserDetail['plan'] }) {
  const [dialog, setDialog] = useState<'block' | 'unblock' | 'role' | 'plan' | null>(null)
  const [role, setRole] = useState<Role>(user.role)
  const unblock = useSetBlocked()
  const setRoleCall = useSetRole()
  const close = () => setDialog(null)
  return (
    <div className={styles.card}>
      <div className={styles.actions}>
        {user.isBlocked ? (
          <Button variant="secondary" onClick={() => setDialog('unblock')}>
            Unblock
          </Button>
        ) : (
          <Button variant="danger" onClick={() => setDialog('block')}>
            Block
          </Button>
        )}
        <SelectField
          label="Role"
          options={ROLE_OPTIONS}
          value={role}
          onChange={(e) => setRole(e.target.value as Role)}
        />
        <Button variant="secondary" disabled={role === user.role} onClick={() => setDialog('role')}>
          Change role
        </Button>
        {/* Plans are for the accounts that list books (the server refuses readers and admins too). */}
        {(user.role === 'author' || user.role === 'publisher') && (
          <Button variant="secondary" onClick={() => setDialog('plan')}>
            Grant a plan
          </Button>
        )}
      </div>
      {dialog === 'plan' && <GrantPlanDialog user={user} plan={plan} onClose={close} />}
      {dialog === 'block' && <BlockDialog user={user} onClose={close} />}
      {dialog === 'unblock' && (
        <ConfirmWrite
          title={`Unblock ${user.email}?`}
          confirmLabel="Unblock"
          write={unblock}
          input={{ userId: user.id, blocked: false, notes: '' }}
          done="User unblocked"
          onClose={close}
        >
          They can write again at once; the note is cleared.
        </ConfirmWrite>
      )}
      {dialog === 'role' && (
        <ConfirmWrite
          title={`Make ${user.email} ${role === 'admin' ? 'an admin' : `a ${role}`}?`}
          confirmLabel="Change role"
          tone={user.role === 'admin' || role === 'admin' ? 'danger' : 'primary'}
          write={setRoleCall}
          input={{ userId: user.id, role }}
          done="Role changed"
          onClose={close}
        >
          From {user.role} to {role}. {role === 'admin' ? 'Admins can do everything this console does.' : ''}
        </ConfirmWrite>
      )}
    </div>
  )
}

/** /admin/users/:id: one account, its listings, plan and the reports against it; block, unblock, change role. */
export function UserDetailPage() {
  const { id = '' } = useParams()
  const detail = useAdminUser(id)
  const user = detail.data?.user
  useDocumentTitle(user ? `${user.email} · Admin` : 'User · Admin')
  return (
    <>
      <p>
        <Link to={adminPaths.users}>← Users</Link>
      </p>
      <ListStates
        query={detail}
        rows={detail.data ? [detail.data] : []}
        loadingLabel="Loading the account"
        failedMessage="Failed to fetch the user"
        empty={<p>No such account.</p>}
      >
        {([d]) =>
          d && (
            <>
              <AdminHead
                title={`${d.user.firstName} ${d.user.lastName}`.trim() || d.user.email}
                lead={d.user.email}
              />
              <dl className={styles.facts}>
                <dt>Role</dt>
                <dd>{d.user.role}</dd>
                <dt>Status</dt>
                <dd>
                  <AccountStatus isBlocked={d.user.isBlocked} isVerified={d.user.isVerified} />
                </dd>
                {d.user.isBlocked && (
                  <>
                    <dt>Note they see</dt>
                    <dd>{d.user.blockNotes}</dd>
                  </>
                )}
                <dt>Plan</dt>
                <dd>
                  {d.plan
                    ? `${d.plan.planName}${d.plan.expiryDate ? ` until ${formatTime(d.plan.expiryDate)}` : ''}`
                    : 'none'}
                  {d.plan?.grant && (
                    <span className={styles.tag} data-testid="admin-plan-grant">
                      {' '}
                      {d.plan.grant.kind === 'complimentary' ? 'complimentary' : 'extended'}:{' '}
                      {d.plan.grant.reason}
                    </span>
                  )}
                </dd>
                <dt>Joined</dt>
                <dd>{formatTime(d.user.createdAt)}</dd>
              </dl>
              <section className={styles.section} aria-label="Actions">
                <AccountActions key={`${d.user.role}-${d.user.isBlocked}`} user={d.user} plan={d.plan} />
              </section>
              <section className={styles.section}>
                <h2>Listings ({d.listings.length})</h2>
                {d.listings.length === 0 ? (
                  <p className="muted">No listings.</p>
                ) : (
                  <Table
                    columns={['Title', 'Status', 'Listed']}
                    rows={d.listings}
                    row={(l) => (
                      <tr key={l.id}>
                        <BookCell id={l.id} title={l.title} />
                        <td>
                          {LISTING_STATUS[l.status] ?? l.status}
                          {!l.isActive && <span className={styles.tag}> unpublished</span>}
                        </td>
                        <td>{formatTime(l.createdAt)}</td>
                      </tr>
                    )}
                  />
                )}
              </section>
              <section className={styles.section}>
                <h2>Reports against their listings</h2>
                {d.reports.length === 0 ? (
                  <p className="muted">No reports.</p>
                ) : (
                  <ul>
                    {d.reports.map((r) => (
                      <li key={`${r.bookId}-${r.reportTypeId}`}>
                        {r.title}: {r.type} × {r.reports} ({r.openReports} open)
                      </li>
                    ))}
                  </ul>
                )}
              </section>
            </>
          )
        }
      </ListStates>
    </>
  )
}
