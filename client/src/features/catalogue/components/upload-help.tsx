import type { FaqItem } from '@/components/ui/faq-list'
import type { HowToStep } from '@/components/ui/how-to'

/** The upload page's two-step how-to (one minute, easy). */
export const uploadSteps: readonly HowToStep[] = [
  {
    title: 'Enter the book information',
    text: 'Describe three ideas the book is about, one sentence of 7-12 words each, then add the title, author, category, description and where readers can get it.',
  },
  {
    title: 'Upload your files',
    text: 'Add a book cover (cropped to 3:4), an optional author picture and your MP3 podblurb, then press Save. Your listing goes live once it is approved.',
  },
]

export const uploadFaq: readonly FaqItem[] = [
  {
    question: 'Is my first upload free?',
    answer:
      'Yes. Every author and publisher can list their first book for free on the Starter Strut plan. Paid plans list more books and add YouTube and TikTok links.',
  },
  {
    question: 'Can I edit my listing after saving it?',
    answer:
      'The title, author, category, ideas and description can be changed within 72 hours of creating the listing. Links, publishing details and files can be changed at any time. An edited listing is reviewed again before it shows.',
  },
  {
    question: 'How should I write the three ideas?',
    answer:
      'Each idea is one sentence of 7 to 12 words describing something the book is really about, in the words a reader would use. Readers find books by describing ideas, so specific ideas match better than genres.',
  },
  {
    question: 'What audio can I upload as a podblurb?',
    answer: 'One MP3 file of at most 5 minutes and 7 MB: a short spoken promo of the book.',
  },
  {
    question: 'Do I need to upload the book itself?',
    answer:
      'No. BookStrut neither uses nor requires book files: readers get the book through your Get This link.',
  },
]
