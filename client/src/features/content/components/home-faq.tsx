import { errorMessage } from '@/lib/api-client'
import { HOME_FAQ_LIMIT, useFaqs } from '../api/get-faqs'
import { builtInFaqs, FAQ_TEXTS, fromServer } from '../model/faq-entries'
import { FaqAccordion } from './faq-accordion'
import { StillHaveQuestions } from './content-parts'
import styles from './content.module.css'

/**
 * The home page's FAQ section (spec reader-and-account section 2): the server's FAQs; the 15 built-in questions when
 * the server has none, and with the notice "Using offline FAQ data. Server data unavailable: {reason}" when it fails.
 */
export function HomeFaq() {
  const faqs = useFaqs(HOME_FAQ_LIMIT)
  const server = faqs.data ? fromServer(faqs.data) : []
  const entries = server.length > 0 ? server : builtInFaqs
  return (
    <section className="section" aria-labelledby="home-faq-title">
      <div className="container" style={{ maxWidth: '52rem' }}>
        <p className="eyebrow">FAQ</p>
        <h2 id="home-faq-title" className="section__title">
          Frequently asked questions
        </h2>
        {faqs.isPending ? (
          <p className={styles.status} role="status">
            {FAQ_TEXTS.loading}
          </p>
        ) : (
          <>
            {faqs.isError && (
              <p className={styles.notice} role="status">
                {FAQ_TEXTS.offline(errorMessage(faqs.error))}
              </p>
            )}
            <FaqAccordion entries={entries} />
          </>
        )}
        <StillHaveQuestions />
      </div>
    </section>
  )
}
