/*
 * The ten static marketing articles (spec author-and-content section 2): breadcrumb Home › Blog › title, "Published on
 * January 15, 2024", intro, sections with lists and tables, a call to action to the home page and a Summary. They
 * carry no product logic; internal links go to /, /ai-book-recommendation and /free-books (and /free-book-discovery
 * from find-book-by-interest).
 */

export interface ArticleSection {
  heading: string
  text?: string
  list?: string[]
  table?: { head: string[]; rows: string[][] }
}

export interface Article {
  path: string
  title: string
  description: string
  intro: string
  sections: ArticleSection[]
  summary: string
  /** Internal links the article points readers to. */
  links: { to: string; label: string }[]
  /** One article carries an author card (spec: a named content strategist). */
  author?: { name: string; role: string }
}

export const ARTICLE_DATE = 'January 15, 2024'

const toHome = { to: '/', label: 'Search books by idea on BookStrut' }
const toAi = { to: '/ai-book-recommendation', label: 'How AI book recommendation works' }
const toFree = { to: '/free-books', label: 'Where to find free books' }

const compareTable = {
  head: ['Way to find a book', 'What you need to know', 'What you get'],
  rows: [
    ['Title or author search', 'The exact title or name', 'That one book'],
    ['Genre browsing', 'A genre', 'Bestsellers of the genre'],
    ['Idea search (BookStrut)', 'What you want to read about', 'Books ranked by how well each idea matches'],
  ],
}

export const ARTICLES: readonly Article[] = [
  {
    path: '/free-books',
    title: 'Free Books',
    description:
      'Where to find free books legally: public-domain classics, library apps, author giveaways and samples.',
    intro: 'Free books are everywhere once you know where to look. Here are the places readers use most.',
    sections: [
      {
        heading: 'Public-domain classics',
        text: 'Books whose copyright has expired can be read and shared freely.',
        list: ['Classic novels', 'Poetry collections', 'Historical essays'],
      },
      {
        heading: 'Libraries and apps',
        text: 'Most public libraries lend e-books and audiobooks through free apps with a library card.',
      },
      {
        heading: 'Author giveaways',
        text: 'Independent authors often give away a first book or a sample. On BookStrut, the Get This link of a listing tells you where.',
      },
    ],
    summary:
      'Public-domain collections, library apps and author giveaways all offer free reading; idea search helps you pick.',
    links: [toHome, toAi],
  },
  {
    path: '/free-ebooks-online',
    title: 'Free eBooks Online',
    description:
      'How to read free eBooks online: formats, reading apps and where to find titles you will actually enjoy.',
    intro: 'Reading online costs nothing but time. Choosing what to read is the hard part.',
    sections: [
      {
        heading: 'Formats',
        table: {
          head: ['Format', 'Best for'],
          rows: [
            ['EPUB', 'Phones and e-readers'],
            ['PDF', 'Large screens'],
            ['HTML', 'Reading in the browser'],
          ],
        },
      },
      {
        heading: 'Picking a book',
        text: 'Describe the ideas you want to read about and compare matches before you download.',
      },
    ],
    summary: 'Pick a format your device reads well, then choose books by what they are about.',
    links: [toFree, toHome],
  },
  {
    path: '/ai-book-recommendation',
    title: 'AI Book Recommendation',
    description:
      'How AI book recommendation matches books to the ideas you describe, and why visible scores matter.',
    intro:
      'AI recommendation can do more than "readers who bought this also bought". It can read what you ask for.',
    sections: [
      {
        heading: 'From ideas to books',
        text: 'A language model turns each idea you type and each book description into vectors and compares them.',
      },
      {
        heading: 'Why scores per idea',
        list: ['You see why a book matched', 'You can rephrase one idea', 'No black-box ranking'],
      },
      { heading: 'Search compared', table: compareTable },
    ],
    summary: 'AI recommendation works best when it explains itself: per-idea Strut scores do exactly that.',
    links: [toHome, toFree],
    author: { name: 'Maya Collins', role: 'Content Strategist' },
  },
  {
    path: '/book-recommendation-ai',
    title: 'Book Recommendation AI',
    description:
      'What to expect from a book recommendation AI, and how to write prompts that find the right book.',
    intro: 'A good recommendation starts with a good description of what you want.',
    sections: [
      { heading: 'Write ideas as sentences', text: 'One sentence of 7 to 12 words per idea works best.' },
      {
        heading: 'Examples',
        list: [
          'A detective who solves crimes through old letters',
          'A small town changed by a long winter',
          'Friendship between rivals on a sailing crew',
        ],
      },
    ],
    summary: 'Describe what you want in plain sentences and let the scores guide your choice.',
    links: [toAi, toHome],
  },
  {
    path: '/advertise-book-free',
    title: 'Advertise Your Book Free',
    description:
      'Free ways to advertise a book: listings, audio promos, social sharing and reader communities.',
    intro: 'Advertising does not have to start with a budget.',
    sections: [
      {
        heading: 'Free channels',
        table: {
          head: ['Channel', 'Effort', 'Reach'],
          rows: [
            ['BookStrut listing', 'Low', 'Readers searching your ideas'],
            ['Social posts', 'Medium', 'Your followers'],
            ['Reader groups', 'High', 'Niche readers'],
          ],
        },
      },
      { heading: 'Make it count', list: ['Three sharp ideas', 'A lively podblurb', 'A clear Get This link'] },
    ],
    summary: 'Start with a free, permanent listing that readers find by idea, then share it everywhere.',
    links: [toHome, toFree],
  },
  {
    path: '/promote-book-free',
    title: 'Promote Your Book Free',
    description:
      'A step-by-step plan to promote a book for free and reach readers who look for what it is about.',
    intro: 'Promotion is easier when readers come looking for what your book offers.',
    sections: [
      {
        heading: 'Steps',
        list: [
          'List the book with three ideas',
          'Record a podblurb of up to five minutes',
          'Share the listing page',
          'Watch which ideas bring readers',
        ],
      },
      { heading: 'What it costs', text: 'Your first upload on BookStrut is free and permanent.' },
    ],
    summary: 'List, record, share and learn: four free steps that bring readers to your book.',
    links: [toHome, toAi],
  },
  {
    path: '/free-book-discovery',
    title: 'Free Book Discovery',
    description:
      'Discover books for free by describing the ideas you want to read about, and listen before you choose.',
    intro: 'Discovery should start from what you want, not from what is already popular.',
    sections: [
      {
        heading: 'How it works',
        list: ['Describe up to three ideas', 'Compare Strut scores', 'Listen to the podblurb'],
      },
      { heading: 'Search compared', table: compareTable },
    ],
    summary: 'Idea search lets you discover books you would never have found by title.',
    links: [toHome, toFree],
  },
  {
    path: '/find-book-by-interest',
    title: 'Find a Book by Interest',
    description: 'Find a book by your interests: turn what you care about into ideas a search can match.',
    intro: 'Interests make great searches when you write them as ideas.',
    sections: [
      {
        heading: 'From interest to idea',
        table: {
          head: ['Interest', 'Idea to type'],
          rows: [
            ['Sailing', 'A crew crossing an ocean in a storm'],
            ['History', 'Daily life in a medieval market town'],
            ['Science', 'A scientist racing to stop an epidemic'],
          ],
        },
      },
      { heading: 'More ways', text: 'Read our guide to free book discovery for more ways to explore.' },
    ],
    summary: 'Write each interest as a sentence and let idea search match it to books.',
    links: [{ to: '/free-book-discovery', label: 'Free book discovery' }, toHome],
  },
  {
    path: '/free-book-marketing-tool',
    title: 'Free Book Marketing Tool',
    description:
      'A free book marketing tool for authors: idea-matched listings, audio promos and listening analytics.',
    intro: 'Marketing tools for authors are often expensive. This one starts free.',
    sections: [
      {
        heading: 'What you get',
        list: [
          'A permanent listing',
          'Matches on your three ideas',
          'A podblurb player in results',
          'Analytics on paid plans',
        ],
      },
      {
        heading: 'Plans',
        table: {
          head: ['Plan', 'Books', 'Analytics'],
          rows: [
            ['Starter Strut', '1', 'No'],
            ['Pro Strut', '10', 'Yes'],
            ['Elite Strut', 'Unlimited', 'Yes'],
          ],
        },
      },
    ],
    summary: 'Start with a free listing; upgrade when you want more books or analytics.',
    links: [toHome, toAi],
  },
  {
    path: '/best-free-book-advertising-sites',
    title: 'Best Free Book Advertising Sites',
    description:
      'The best free book advertising sites compared: what each offers and which readers each reaches.',
    intro: 'Not every free site reaches the readers your book needs.',
    sections: [
      {
        heading: 'Comparison',
        table: {
          head: ['Kind of site', 'Reaches', 'Cost'],
          rows: [
            ['Idea search (BookStrut)', 'Readers describing what they want', 'Free first listing'],
            ['Deal newsletters', 'Bargain hunters', 'Often paid'],
            ['Review blogs', 'Genre fans', 'Free, slow'],
          ],
        },
      },
      {
        heading: 'Tips',
        list: [
          'Pick sites whose readers fit your book',
          'Keep your description and ideas consistent',
          'Measure what brings readers',
        ],
      },
    ],
    summary:
      'Choose sites by the readers they reach; idea search reaches readers who look for exactly your book.',
    links: [toHome, toFree],
  },
]

export const articleAt = (pathname: string) =>
  ARTICLES.find((a) => a.path.toLowerCase() === pathname.toLowerCase())
