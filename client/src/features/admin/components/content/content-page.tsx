import { useSearchParams } from 'react-router-dom'
import { useDocumentTitle } from '@/lib/use-document-title'
import { useAdminBlogs, useAdminFaqs, useAdminInformationPages } from '../../api/admin-content'
import { AdminHead } from '../admin-layout'
import { BLOG_KIND } from './blog-kind'
import type { ContentPreviews } from './content-kind'
import { EntrySection } from './entry-section'
import { FAQ_KIND } from './faq-kind'
import { INFORMATION_KIND } from './information-kind'
import { SettingsSection } from './settings-section'
import styles from './content-editors.module.css'

const TABS = [
  { id: 'faq', label: 'FAQ' },
  { id: 'blog', label: 'Blog posts' },
  { id: 'information', label: 'Information pages' },
  { id: 'settings', label: 'Settings' },
] as const
type Tab = (typeof TABS)[number]['id']

const useFaqList = (search: string, page: number) => {
  const q = useAdminFaqs(search, page)
  return { query: q, rows: q.data?.data ?? [], total: q.data?.total ?? 0 }
}
const useBlogList = (search: string, page: number) => {
  const q = useAdminBlogs(search, page)
  return { query: q, rows: q.data?.data ?? [], total: q.data?.total ?? 0 }
}
/** Information pages are few: all of them come at once and the search filters them here. */
const useInformationList = (search: string) => {
  const q = useAdminInformationPages()
  const words = search.toLowerCase()
  const rows = (q.data ?? []).filter(
    (p) =>
      !words ||
      p.information_name.toLowerCase().includes(words) ||
      p.path.includes(words) ||
      p.information_Description.toLowerCase().includes(words),
  )
  return { query: q, rows, total: rows.length }
}

/**
 * /admin/content: the FAQ, blog posts, information pages and settings, one tab each (the tab is in the address,
 * ?kind=). Every write goes through the audited admin API calls.
 */
export function ContentEditorsPage({ previews }: { previews: ContentPreviews }) {
  useDocumentTitle('Content · Admin')
  const [params, setParams] = useSearchParams()
  const tab: Tab = TABS.find((t) => t.id === params.get('kind'))?.id ?? 'faq'
  return (
    <>
      <AdminHead
        title="Content"
        lead="The FAQ, blog posts, information pages and site settings. Preview a draft as visitors will see it, then publish."
      />
      <div className={styles.tabs} role="tablist" aria-label="Kind of content">
        {TABS.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            id={`content-tab-${t.id}`}
            aria-selected={t.id === tab}
            aria-controls="content-panel"
            className={t.id === tab ? `${styles.tab} ${styles.tabActive}` : styles.tab}
            onClick={() => setParams({ kind: t.id })}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div id="content-panel" role="tabpanel" aria-labelledby={`content-tab-${tab}`}>
        {tab === 'faq' && <EntrySection key="faq" spec={FAQ_KIND} useList={useFaqList} previews={previews} />}
        {tab === 'blog' && (
          <EntrySection key="blog" spec={BLOG_KIND} useList={useBlogList} previews={previews} />
        )}
        {tab === 'information' && (
          <EntrySection
            key="information"
            spec={INFORMATION_KIND}
            useList={useInformationList}
            previews={previews}
          />
        )}
        {tab === 'settings' && <SettingsSection previews={previews} />}
      </div>
    </>
  )
}
