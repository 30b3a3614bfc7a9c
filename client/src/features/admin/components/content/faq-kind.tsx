import { FaqBody, type Faq, type RelatedLink } from '@bookstrut/schemas'
import { TextAreaField, TextField } from '@/components/ui/field'
import { paths } from '@/config/paths'
import type { ContentKindSpec, FieldsProps } from './content-kind'
import { RelatedLinksField } from './related-links-field'
import { draftBinder, HTML_HINT, orderOf, textsOf } from './draft-parts'

interface FaqDraft {
  question: string
  answer: string
  order: string
  relatedLinks: RelatedLink[]
}

function FaqFields(props: FieldsProps<FaqDraft>) {
  const { draft, set, errors } = props
  const bind = draftBinder(props)
  return (
    <>
      <TextField label="Question" required maxLength={500} {...bind('question')} />
      <TextAreaField label="Answer (HTML)" rows={10} hint={HTML_HINT} {...bind('answer')} />
      <TextField
        label="Order"
        inputMode="numeric"
        hint="Lower numbers come first on /faq."
        {...bind('order')}
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
    ...textsOf(faq, ['question', 'answer']),
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
