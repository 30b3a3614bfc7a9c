import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { TextField } from '@/components/ui/field'
import type { ListQueryState } from '@/components/ui/list-states'
import { CONTENT_PAGE_SIZE, useDeleteEntry, useSaveEntry } from '../../api/admin-content'
import { AdminPager, formatTime } from '../admin-layout'
import { ListTable } from '../admin-table'
import { ConfirmWrite } from '../confirm-write'
import adminStyles from '../admin.module.css'
import type { ContentKindSpec, ContentPreviews, EntryBase } from './content-kind'
import { EntryEditor } from './entry-editor'
import styles from './content-editors.module.css'

/** One page of a kind's list as its data hook gives it. */
export interface EntryListPage<Entry> {
  query: ListQueryState
  rows: readonly Entry[]
  total: number
}

type Pending<Entry> = { entry: Entry; action: 'publish' | 'unpublish' | 'delete' } | null

/**
 * A kind's section of /admin/content: its list (search, ListStates, paging) with publish / unpublish and delete
 * behind a confirmation, or, while one is open, the entry's editor.
 */
export function EntrySection<Entry extends EntryBase, Draft>({
  spec,
  useList,
  previews,
}: {
  spec: ContentKindSpec<Entry, Draft>
  /** the kind's list query (a hook: called on every render) */
  useList: (search: string, page: number) => EntryListPage<Entry>
  previews: ContentPreviews
}) {
  const [search, setSearch] = useState('')
  const [page, setPage] = useState(1)
  const [editing, setEditing] = useState<{ entry: Entry | undefined } | null>(null)
  const [pending, setPending] = useState<Pending<Entry>>(null)
  const list = useList(search.trim(), page)
  const publish = useSaveEntry(spec.kind)
  const remove = useDeleteEntry(spec.kind)

  if (editing)
    return (
      <EntryEditor
        // A fresh form per entry.
        key={editing.entry?._id ?? 'new'}
        spec={spec}
        entry={editing.entry}
        previews={previews}
        onClose={() => setEditing(null)}
      />
    )
  const plural = `${spec.noun}s`
  return (
    <>
      <div className={adminStyles.toolbar} role="search">
        <TextField
          label="Search"
          type="search"
          maxLength={200}
          placeholder={`Words in the ${spec.noun}`}
          value={search}
          onChange={(e) => {
            setSearch(e.target.value)
            setPage(1)
          }}
        />
        <div className={styles.newButton}>
          <Button onClick={() => setEditing({ entry: undefined })}>New {spec.noun}</Button>
        </div>
      </div>
      <ListTable
        query={list.query}
        rows={list.rows}
        loadingLabel={`Loading ${plural}`}
        failedMessage={`Failed to fetch ${plural}`}
        empty={search ? `No ${spec.noun} matches.` : `No ${plural} yet.`}
        columns={['Title', 'State', 'Updated', 'Actions']}
        className={styles.entries}
        row={(entry) => (
          <tr key={entry._id}>
            <td className={styles.titleCell}>
              {entry.isActive ? (
                <a href={spec.publicPath(entry)} target="_blank" rel="noopener noreferrer">
                  {spec.titleOf(entry)}
                </a>
              ) : (
                spec.titleOf(entry)
              )}
            </td>
            <td>
              <span
                className={entry.isActive ? `${adminStyles.tag} ${adminStyles.tagGood}` : adminStyles.tag}
              >
                {entry.isActive ? 'Published' : 'Draft'}
              </span>
            </td>
            <td className={adminStyles.when}>{formatTime(entry.updatedAt)}</td>
            <td>
              <div className={adminStyles.actions}>
                <Button size="sm" variant="secondary" onClick={() => setEditing({ entry })}>
                  Edit
                </Button>
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => setPending({ entry, action: entry.isActive ? 'unpublish' : 'publish' })}
                >
                  {entry.isActive ? 'Unpublish' : 'Publish'}
                </Button>
                <Button size="sm" variant="danger" onClick={() => setPending({ entry, action: 'delete' })}>
                  Delete
                </Button>
              </div>
            </td>
          </tr>
        )}
      />
      <AdminPager page={page} total={list.total} pageSize={CONTENT_PAGE_SIZE} onPage={setPage} />
      {pending?.action === 'delete' && (
        <ConfirmWrite
          title={`Delete this ${spec.noun}?`}
          confirmLabel="Delete"
          tone="danger"
          write={remove}
          input={pending.entry._id}
          done={`Deleted “${spec.titleOf(pending.entry)}”`}
          onClose={() => setPending(null)}
        >
          <p>
            “{spec.titleOf(pending.entry)}” is removed for good; visitors following a link to it get “not
            found”.
          </p>
        </ConfirmWrite>
      )}
      {pending && pending.action !== 'delete' && (
        <ConfirmWrite
          title={pending.action === 'publish' ? `Publish this ${spec.noun}?` : `Unpublish this ${spec.noun}?`}
          confirmLabel={pending.action === 'publish' ? 'Publish' : 'Unpublish'}
          tone={pending.action === 'publish' ? 'primary' : 'danger'}
          write={publish}
          input={{ id: pending.entry._id, body: { isActive: pending.action === 'publish' } }}
          done={`${pending.action === 'publish' ? 'Published' : 'Unpublished'} “${spec.titleOf(pending.entry)}”`}
          onClose={() => setPending(null)}
        >
          <p>
            {pending.action === 'publish'
              ? `“${spec.titleOf(pending.entry)}” becomes visible to everyone at ${spec.publicPath(pending.entry)}.`
              : `“${spec.titleOf(pending.entry)}” is hidden from visitors; admins still see and edit it.`}
          </p>
        </ConfirmWrite>
      )}
    </>
  )
}
