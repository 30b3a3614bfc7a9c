import { FaqBody, type Faq, type RelatedLink } from '@bookstrut/schemas'
import { TextAreaField, TextField } from '@/components/ui/field'
import { paths } from '@/config/paths'
import type { ContentKindSpec, FieldsProps } from './content-kind'
import { RelatedLinksField } from './related-links-field'
import { HTML_HINT, orderOf } from './draft-parts'

interface FaqDraft {
  question: string
  answer: string
  order: string
  relatedLinks: RelatedLink[]
}

function FaqFields({ draft, set, errors }: FieldsProps<FaqDraft>) {
  return (
    <>
      <TextField
        label="Question"
        required
        maxLength={500}
        value={draft.question}
        error={errors['/question']}
        onChange={(e) => set({ question: e.target.value })}
      />
      <TextAreaField
        label="Answer (HTML)"
        rows={10}
        hint={HTML_HINT}
        value={draft.answer}
        error={errors['/answer']}
        onChange={(e) => set({ answer: e.target.value })}
      />
      <TextField
        label="Order"
        inputMode="numeric"
        hint="Lower numbers come first on /faq."
        value={draft.order}
        error={errors['/order']}
        onChange={(e) => set({ order: e.target.value })}
      />
      <RelatedLinksField
        links={draft.relatedLinks}
        onChange={(relatedLinks) => set({ relatedLinks })}
        errors={errors}
      />
    </>
  )
}

/** FAQs: question, answer, order and related links; read at /faq and /faq/{id}. */
export const FAQ_KIND: ContentKindSpec<Faq, FaqDraft> = {
  kind: 'faq',
  noun: 'FAQ',
  schema: FaqBody,
  draftOf: (faq) => ({
    question: faq?.question ?? '',
    answer: faq?.answer ?? '',
    order: String(faq?.order ?? 0),
    relatedLinks: faq?.relatedLinks ?? [],
  }),
  bodyOf: (d) => ({
    question: d.question,
    answer: d.answer,
    order: orderOf(d.order),
    relatedLinks: d.relatedLinks,
  }),
  Fields: FaqFields,
  preview: (d, previews, updatedAt) =>
    previews.faq({ question: d.question, answer: d.answer, updatedAt, relatedLinks: d.relatedLinks }),
  titleOf: (faq) => faq.question,
  publicPath: (faq) => paths.faqDetail(faq._id),
}
