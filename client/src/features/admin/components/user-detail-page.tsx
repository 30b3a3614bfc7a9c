import { useState, type FormEvent } from 'react'
import { Link, useParams } from 'react-router-dom'
import { toast } from 'sonner'
import type { AdminUser, Role } from '@bookstrut/schemas'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { SelectField, TextAreaField } from '@/components/ui/field'
import { ListStates } from '@/components/ui/list-states'
import { Modal } from '@/components/ui/modal'
import { adminPaths, paths } from '@/config/paths'
import { errorMessage } from '@/lib/api-client'
import { useDocumentTitle } from '@/lib/use-document-title'
import { useAdminUser, useSetBlocked, useSetRole } from '../api/admin-users'
import { AdminHead, formatTime } from './admin-layout'
import { AccountStatus } from './users-page'
import styles from './admin.module.css'

const LISTING_STATUS = ['Pending', 'Approved', 'Rejected']
const ROLE_OPTIONS = ['reader', 'author', 'publisher', 'admin'].map((r) => ({ value: r, label: r }))

/** The note the blocked user reads in their blocked dialog; required. */
function BlockDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const [notes, setNotes] = useState('')
  const [error, setError] = useState<string | undefined>()
  const block = useSetBlocked()
  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (notes.trim() === '') return setError('Write the note the user will see.')
    block.mutate(
      { userId: user.id, blocked: true, notes: notes.trim() },
      {
        onSuccess: () => {
          toast.success('User blocked')
          onClose()
        },
        onError: (err) => setError(errorMessage(err)),
      },
    )
  }
  return (
    <Modal open onClose={onClose} title={`Block ${user.email}?`} size="sm">
      <form className="stack" onSubmit={submit} noValidate>
        <TextAreaField
          label="Note shown to the user"
          hint="They read it in the blocked dialog on their next page."
          rows={4}
          maxLength={1000}
          value={notes}
          error={error}
          data-autofocus
          onChange={(e) => {
            setNotes(e.target.value)
            setError(undefined)
          }}
        />
        <div className="button-pair">
          <Button variant="ghost" onClick={onClose} disabled={block.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" loading={block.isPending}>
            Block user
          </Button>
        </div>
      </form>
    </Modal>
  )
}

function AccountActions({ user }: { user: AdminUser }) {
  const [dialog, setDialog] = useState<'block' | 'unblock' | 'role' | null>(null)
  const [role, setRole] = useState<Role>(user.role)
  const unblock = useSetBlocked()
  const setRoleCall = useSetRole()
  const close = () => setDialog(null)
  const fail = (err: unknown) => {
    toast.error(errorMessage(err))
    close()
  }
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
      </div>
      {dialog === 'block' && <BlockDialog user={user} onClose={close} />}
      {dialog === 'unblock' && (
        <ConfirmDialog
          title={`Unblock ${user.email}?`}
          confirmLabel="Unblock"
          busy={unblock.isPending}
          onCancel={close}
          onConfirm={() =>
            unblock.mutate(
              { userId: user.id, blocked: false, notes: '' },
              { onSuccess: () => (toast.success('User unblocked'), close()), onError: fail },
            )
          }
        >
          They can write again at once; the note is cleared.
        </ConfirmDialog>
      )}
      {dialog === 'role' && (
        <ConfirmDialog
          title={`Make ${user.email} ${role === 'admin' ? 'an admin' : `a ${role}`}?`}
          confirmLabel="Change role"
          tone={user.role === 'admin' || role === 'admin' ? 'danger' : 'primary'}
          busy={setRoleCall.isPending}
          onCancel={close}
          onConfirm={() =>
            setRoleCall.mutate(
              { userId: user.id, role },
              { onSuccess: () => (toast.success('Role changed'), close()), onError: fail },
            )
          }
        >
          From {user.role} to {role}. {role === 'admin' ? 'Admins can do everything this console does.' : ''}
        </ConfirmDialog>
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
                </dd>
                <dt>Joined</dt>
                <dd>{formatTime(d.user.createdAt)}</dd>
              </dl>
              <section className={styles.section} aria-label="Actions">
                <AccountActions key={`${d.user.role}-${d.user.isBlocked}`} user={d.user} />
              </section>
              <section className={styles.section}>
                <h2>Listings ({d.listings.length})</h2>
                {d.listings.length === 0 ? (
                  <p className="muted">No listings.</p>
                ) : (
                  <div className={styles.tableWrap}>
                    <table className={styles.table}>
                      <thead>
                        <tr>
                          <th>Title</th>
                          <th>Status</th>
                          <th>Listed</th>
                        </tr>
                      </thead>
                      <tbody>
                        {d.listings.map((l) => (
                          <tr key={l.id}>
                            <td>
                              <Link to={paths.singleBook(l.id)}>{l.title}</Link>
                            </td>
                            <td>
                              {LISTING_STATUS[l.status] ?? l.status}
                              {!l.isActive && <span className={styles.tag}> unpublished</span>}
                            </td>
                            <td>{formatTime(l.createdAt)}</td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </div>
                )}
              </section>
              <section className={styles.section}>
                <h2>Reports against their listings</h2>
                {d.reports.length === 0 ? (
                  <p className="muted">No reports.</p>
                ) : (
                  <ul>
                    {d.reports.map((r) => (
                      <li key={`${r.podcastId}-${r.reportTypeId}`}>
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
