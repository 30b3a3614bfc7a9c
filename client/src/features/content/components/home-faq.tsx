import { errorMessage } from '@/lib/api-client'
import { HOME_FAQ_LIMIT, useFaqs } from '../api/get-faqs'
import { builtInFaqs, FAQ_TEXTS, fromServer } from '../model/faq-entries'
import { FaqAccordion } from './faq-accordion'
import { LoadState, StillHaveQuestions } from './content-parts'
import { containerClass } from '@/components/ui/container'
import { section } from '@/components/ui/section'

/**
 * The home page's FAQ section (spec reader-and-account section 2): the server's FAQs; the 15 built-in questions when
 * the server has none, and with the notice "Using offline FAQ data. Server data unavailable: {reason}" when it fails.
 */
export function HomeFaq() {
  const faqs = useFaqs(HOME_FAQ_LIMIT)
  const server = faqs.data ? fromServer(faqs.data) : []
  const entries = server.length > 0 ? server : builtInFaqs
  return (
    <section className={section.block} aria-labelledby="home-faq-title">
      <div className={containerClass()} style={{ maxWidth: '52rem' }}>
        <p className={section.eyebrow}>FAQ</p>
        <h2 id="home-faq-title" className={section.title}>
          Frequently asked questions
        </h2>
        <LoadState
          pending={faqs.isPending}
          loadingText={FAQ_TEXTS.loading}
          notice={faqs.isError ? FAQ_TEXTS.offline(errorMessage(faqs.error)) : null}
        />
        {!faqs.isPending && <FaqAccordion entries={entries} />}
        <StillHaveQuestions />
      </div>
    </section>
  )
}
