import type { FaqItem } from '@/components/ui/faq-list'
import type { HowToStep } from '@/components/ui/how-to'

/** What a book has that its guide may point to. */
export interface BookHas {
  podblurb: boolean
  getThis: boolean
}

/**
 * The single promo page's how-to-read block (2 minutes, Easy): only the steps this book allows (issue 48: no
 * "press play" without a podblurb, no "use Get This" without its link).
 */
export function readSteps(has: BookHas): HowToStep[] {
  return [
    ...(has.podblurb
      ? [
          {
            title: 'Listen to the podblurb',
            text: 'Press play to hear the short audio promo recorded for this book.',
          },
        ]
      : []),
    {
      title: 'Read the description',
      text: 'Hover the title or read the description to see what the book covers.',
    },
    { title: 'Meet the author', text: "Open the author's profile to see their other titles and links." },
    has.getThis
      ? {
          title: 'Get the book',
          text: 'Use Get This to go where the book is sold, or share it with a friend.',
        }
      : {
          title: 'Share the book',
          text: 'Share it with a friend, or search for more books with the same ideas.',
        },
  ]
}

/** The page's questions, without the ones about what this book lacks. */
export const bookFaqFor = (has: BookHas): readonly FaqItem[] =>
  bookFaq.filter(
    (item) => (has.getThis || item !== GET_THIS_QUESTION) && (has.podblurb || item !== PODBLURB_QUESTION),
  )

const PODBLURB_QUESTION: FaqItem = {
  question: 'What is a podblurb?',
  answer:
    'A podblurb is a short audio promo of a book, recorded by its author or publisher, so you can hear what it is about before you pick it up.',
}
const GET_THIS_QUESTION: FaqItem = {
  question: 'Where can I get this book?',
  answer:
    'Use the Get This link on this page. BookStrut does not sell books itself; the link goes to the place the author or publisher chose.',
}

export const bookFaq: readonly FaqItem[] = [
  PODBLURB_QUESTION,
  GET_THIS_QUESTION,
  {
    question: 'How do I find similar books?',
    answer:
      'Search by describing the ideas you enjoyed in this book. BookStrut matches books by their ideas and shows how well each idea fits.',
  },
  {
    question: 'Can I share this book?',
    answer: 'Yes. The Share button opens your device’s share sheet, or copies the link to this page.',
  },
]

/** Profile page help (3 minutes, easy, four steps). */
export const authorSteps: readonly HowToStep[] = [
  {
    title: 'Browse author information',
    text: 'Read the Profile Strut and follow the website or social links.',
  },
  {
    title: 'Explore the book collection',
    text: 'Scroll the titles, hover a title for its description and play a podblurb.',
  },
  {
    title: 'Read reviews and ratings',
    text: "Open a title's page to see what it is about and where to get it.",
  },
  {
    title: 'Discover similar authors',
    text: 'Search by the ideas you liked to find authors who write about them.',
  },
]

export const authorFaq: readonly FaqItem[] = [
  {
    question: "What is on an author's profile?",
    answer:
      "The author's picture, banner, a short bio (the Profile Strut), links to their website or social pages and every title they have listed.",
  },
  {
    question: 'How do I listen to a title?',
    answer: 'Press play on a title card: its podblurb plays in the player at the bottom of the page.',
  },
  {
    question: 'How can I list my own books?',
    answer: 'Sign up as an author or publisher. Your first upload is free.',
  },
]
