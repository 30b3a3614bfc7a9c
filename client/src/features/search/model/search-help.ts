import type { FaqItem } from '@/components/ui/faq-list'
import type { HowToStep } from '@/components/ui/how-to'

/** The results page's how-to guide on choosing between the two search modes. */
export const chooseModeSteps: readonly HowToStep[] = [
  {
    title: 'Know what you are after',
    text: 'If you can name three things the book should be about (a setting, a conflict, a feeling), use Three ideas. If you have one picture in mind, or remember a title or author, use One sentence.',
  },
  {
    title: 'Three ideas: one thing each',
    text: 'Write each idea as a few words or a short sentence about one thing you remember, and keep the three different from each other. On real readers’ searches, three ideas together found the book nearly twice as often as one alone, and short phrases worked about as well as long sentences. Every result shows a Strut score per idea, so you see which of your ideas a book covers.',
  },
  {
    title: 'One sentence: up to 24 words',
    text: 'Describe the book in a single sentence of up to 24 words. This keyword search also finds titles, authors and categories, and is forgiving with misspellings.',
  },
  {
    title: 'Refine and listen',
    text: 'Change an idea in the box at the top of the results to search again, then press play on a podblurb to hear a book before you pick it.',
  },
]

export const searchFaq: readonly FaqItem[] = [
  {
    question: 'What is a Strut score?',
    answer:
      'Each of your three ideas gets a score from 0 to 100 for every book: how strongly the book covers that idea. The total adds the three scores and a bonus of half the weakest idea’s score, so books that cover all three of your ideas rank first.',
  },
  {
    question: 'Which search mode should I use?',
    answer:
      'Use Three ideas when you can describe what the book is about in three different ways; you get a score per idea. Use One sentence for a quick keyword search, including titles and author names.',
  },
  {
    question: 'Why does my search say the ideas are similar?',
    answer:
      'Three nearly identical ideas would score the same books three times. Make each idea about something different: for example a place, a conflict and a theme.',
  },
  {
    question: 'What does Ghost do?',
    answer:
      'Ghosting hides a title from your own results. You can see and restore your ghosted titles under Ghosted Titles in your profile.',
  },
  {
    question: 'Are my searches saved?',
    answer:
      'When you are signed in, each idea search that finds books is kept under Saved Search in your profile, where you can edit, rerun or delete it.',
  },
]
