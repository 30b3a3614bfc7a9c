import { SafeHtml } from '@/components/ui/safe-html'
import { paths } from '@/config/paths'
import { usePageMeta } from '@/lib/use-page-meta'
import { TERMS_INFORMATION_ID } from '@bookstrut/schemas'
import { useInformationById, useInformationByPath } from '../api/get-information'
import { cut, previewText } from '../model/content-text'
import { Breadcrumb, ContentPage } from './content-parts'
import styles from './content.module.css'

/** Spec: an information page without content, or one that failed, reads 'No content available'. */
export const NO_CONTENT = 'No content available'

function InformationView({
  title,
  html,
  loading,
  canonicalPath,
}: {
  title: string
  html: string | undefined
  loading: boolean
  canonicalPath: string
}) {
  const text = html ? previewText(html) : ''
  usePageMeta({ title, description: text ? cut(text, 160) : undefined, canonicalPath })
  return <InformationArticle title={title} html={html} loading={loading} />
}

/**
 * An information page's name and HTML (or 'No content available'): the pages here and the admin's preview render
 * this same component, through the same sanitizing SafeHtml.
 */
export function InformationArticle({
  title,
  html,
  loading = false,
}: {
  title: string
  html: string | undefined
  loading?: boolean
}) {
  const text = html ? previewText(html) : ''
  return (
    <ContentPage>
      <Breadcrumb trail={[]} current={title} />
      <h1 className={styles.title}>{title}</h1>
      {loading ? (
        <p className={styles.status} role="status">
          Loading...
        </p>
      ) : html && text ? (
        <SafeHtml className={styles.prose} html={html} />
      ) : (
        <p className={styles.status}>{NO_CONTENT}</p>
      )}
    </ContentPage>
  )
}

/** /pagedetail/{path}: an information page's name and HTML, or 'No content available'. */
export function InformationPageView({ path }: { path: string }) {
  const page = useInformationByPath(path)
  return (
    <InformationView
      title={page.data?.information_name ?? (page.isPending ? 'Information' : NO_CONTENT)}
      html={page.data?.information_Description}
      loading={page.isPending}
      canonicalPath={paths.pageDetail(path)}
    />
  )
}

/** /terms-conditions: the fixed terms page, with the defaults 'Terms and Conditions' and 'No content available'. */
export function TermsPage() {
  const page = useInformationById(TERMS_INFORMATION_ID)
  return (
    <InformationView
      title={page.data?.information_name || 'Terms and Conditions'}
      html={page.data?.information_Description}
      loading={page.isPending}
      canonicalPath={paths.terms}
    />
  )
}
