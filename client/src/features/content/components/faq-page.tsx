import { errorMessage } from '@/lib/api-client'
import { usePageMeta } from '@/lib/use-page-meta'
import { paths } from '@/config/paths'
import { FAQ_PAGE_LIMIT, useFaqs } from '../api/get-faqs'
import { previewText } from '../model/content-text'
import { builtInFaqs, FAQ_TEXTS, faqPageJsonLd, fromServer } from '../model/faq-entries'
import { Breadcrumb, ContentPage, LoadState, StillHaveQuestions } from './content-parts'
import { FaqAccordion } from './faq-accordion'
import styles from './content.module.css'

/** /faq: every active FAQ in one accordion (spec author-and-content section 2). */
export function FaqPage() {
  const faqs = useFaqs(FAQ_PAGE_LIMIT)
  const entries = faqs.data ? fromServer(faqs.data) : faqs.isError ? builtInFaqs : []
  usePageMeta({
    title: 'Frequently Asked Questions',
    description:
      'Answers about BookStrut: listing a book, podblurbs, Strut scores, membership plans and finding books by idea.',
    canonicalPath: paths.faq,
    structuredData: entries.length > 0 ? faqPageJsonLd(entries, previewText) : undefined,
  })
  return (
    <ContentPage>
      <Breadcrumb trail={[]} current="FAQ" />
      <h1 className={styles.title}>Frequently Asked Questions</h1>
      <LoadState
        pending={faqs.isPending}
        loadingText={FAQ_TEXTS.loading}
        notice={faqs.isError ? FAQ_TEXTS.unableToLoad(errorMessage(faqs.error)) : null}
      />
      {faqs.isSuccess && entries.length === 0 && <p className={styles.status}>{FAQ_TEXTS.empty}</p>}
      {entries.length > 0 && <FaqAccordion entries={entries} />}
      <StillHaveQuestions />
    </ContentPage>
  )
}
