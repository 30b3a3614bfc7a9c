import type { Topic, TopicBook } from '@bookstrut/schemas'
import { paths } from '@/config/paths'

/** "Books about time travel": the idea as stored (normalised lower case), its first letter raised for headings. */
export const topicTitle = (idea: string) => `Books about ${idea}`
export const capitalised = (idea: string) => idea.charAt(0).toUpperCase() + idea.slice(1)

/** The meta description: what the page lists, with the first titles, at most 160 characters. */
export function topicDescription(topic: Pick<Topic, 'idea' | 'books'>): string {
  const titles = topic.books.slice(0, 3).map((b) => b.title)
  const text =
    `${topic.books.length} ${topic.books.length === 1 ? 'book' : 'books'} about ${topic.idea}, ranked by ` +
    `how well each matches the idea (Strut score)${titles.length ? `: ${titles.join(', ')}` : ''}.`
  return text.length <= 160 ? text : `${text.slice(0, 157).trimEnd()}...`
}

/** JSON-LD: the page as an ItemList of Book, in the page's order. */
export function topicStructuredData(topic: Pick<Topic, 'idea' | 'books'>, origin: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    name: topicTitle(topic.idea),
    numberOfItems: topic.books.length,
    itemListElement: topic.books.map((book: TopicBook, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      item: {
        '@type': 'Book',
        name: book.title,
        url: `${origin}${paths.singleBook(book._id)}`,
        author: { '@type': 'Person', name: book.author },
        ...(book.categoryName ? { genre: book.categoryName } : {}),
      },
    })),
  }
}
