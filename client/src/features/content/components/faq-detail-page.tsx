import { Link } from 'react-router-dom'
import type { Faq } from '@bookstrut/schemas'
import { SafeHtml } from '@/components/ui/safe-html'
import { paths } from '@/config/paths'
import { usePageMeta } from '@/lib/use-page-meta'
import { useFaq } from '../api/get-faqs'
import { boldProductName, cut, longDate, previewText } from '../model/content-text'
import { FAQ_TEXTS, faqPageJsonLd, fromServer } from '../model/faq-entries'
import { Breadcrumb, ContentPage, LoadingPage, RelatedResources, StillHaveQuestions } from './content-parts'
import styles from './content.module.css'

/** /faq/{id}: one question with its answer (meta description: the answer's first 160 characters). */
export function FaqDetailPage({ id }: { id: string }) {
  const faq = useFaq(id)
  const entry = faq.data ? fromServer([faq.data])[0] : undefined
  usePageMeta({
    title: faq.data?.question ?? (faq.isError ? FAQ_TEXTS.notFound : 'FAQ'),
    description: faq.data ? previewText(faq.data.answer).slice(0, 160) : undefined,
    canonicalPath: paths.faqDetail(id),
    structuredData: entry ? faqPageJsonLd([entry], previewText) : undefined,
  })
  if (faq.isPending) return <LoadingPage text={FAQ_TEXTS.loading} />
  if (!faq.data)
    return (
      <ContentPage>
        <h1 className={styles.title}>{FAQ_TEXTS.notFound}</h1>
        <Link to={paths.faq}>← Back to FAQs</Link>
      </ContentPage>
    )
  return <FaqArticle faq={faq.data} />
}

/** A FAQ as /faq/{id} shows it: the page above and the admin's preview render this same component (SafeHtml). */
export function FaqArticle({
  faq,
}: {
  faq: Pick<Faq, 'question' | 'answer' | 'updatedAt' | 'relatedLinks'>
}) {
  return (
    <ContentPage>
      <Breadcrumb trail={[{ to: paths.faq, label: 'FAQ' }]} current={cut(faq.question, 50)} />
      <h1 className={styles.title}>{faq.question}</h1>
      <p className={styles.meta}>Updated on {longDate(faq.updatedAt)}</p>
      <h2>Answer</h2>
      <SafeHtml className={styles.prose} html={boldProductName(faq.answer)} />
      <RelatedResources links={faq.relatedLinks} />
      <p>
        <Link to={paths.faq}>Back to All FAQs</Link>
      </p>
      <StillHaveQuestions contactLabel="Contact Support" />
    </ContentPage>
  )
}
