/*
 * Content that ships with the product: the 15 author-promotion questions the home FAQ falls back to when the server
 * has none (spec reader-and-account section 2), and the built-in blog posts the blog list falls back to (spec
 * author-and-content section 2). The demo seed stores the same entries, so a fresh site and an offline one read alike.
 * Answers are HTML (sanitized like any other).
 */

export interface BuiltInLink {
  linkText: string
  linkUrl: string
  linkType: 'internal' | 'external'
}

export interface BuiltInFaq {
  question: string
  answer: string
  relatedLinks: BuiltInLink[]
}

const toMembership: BuiltInLink = {
  linkText: 'Compare membership plans',
  linkUrl: '/membership',
  linkType: 'internal',
}
const toContact: BuiltInLink = { linkText: 'Contact support', linkUrl: '/contact', linkType: 'internal' }
const toUpload: BuiltInLink = { linkText: 'List your book', linkUrl: '/upload-book', linkType: 'internal' }

export const BUILT_IN_FAQS: readonly BuiltInFaq[] = [
  {
    question: 'What is BookStrut?',
    answer:
      '<p>BookStrut is a book discovery site: readers describe the ideas they want to read about and get books ranked by how well each idea matches, with a short audio promo (a podblurb) for each title.</p>',
    relatedLinks: [{ linkText: 'Try an idea search', linkUrl: '/', linkType: 'internal' }],
  },
  {
    question: 'How does BookStrut help me promote my book?',
    answer:
      '<p>Readers find books by describing ideas, not by typing titles they already know. Your book is matched on the three ideas you give it, so readers who have never heard of you can still find it.</p>',
    relatedLinks: [toUpload],
  },
  {
    question: 'Is it free to list a book?',
    answer:
      '<p>Yes. Your first upload is free on the Starter Strut plan, and listings are permanent. Paid plans list more books and add listening analytics.</p>',
    relatedLinks: [toMembership],
  },
  {
    question: 'What is a podblurb?',
    answer:
      '<p>A podblurb is a short MP3 audio promo of your book, up to five minutes and 7 MB. Readers can listen to it right from the search results before they decide.</p>',
    relatedLinks: [toUpload],
  },
  {
    question: 'What are the three ideas of a listing?',
    answer:
      '<p>A primary, a secondary and an additional idea: one sentence of 7 to 12 words each, saying what your book is about. Searches are matched against them.</p>',
    relatedLinks: [],
  },
  {
    question: 'What is a Strut score?',
    answer:
      '<p>The Strut score shows how well a book matches each idea a reader typed, idea by idea, plus a small bonus when all ideas match. Higher scores rank first.</p>',
    relatedLinks: [],
  },
  {
    question: 'Do I need to upload my book file?',
    answer:
      '<p>No. BookStrut never uses or asks for book files. You give a cover, a description, your three ideas, a link where readers can get the book and, if you like, a podblurb.</p>',
    relatedLinks: [toUpload],
  },
  {
    question: 'How long can I edit a listing?',
    answer:
      '<p>You can edit a listing within 72 hours after you create it. After that the title, author, category, ideas and description are locked; links stay editable.</p>',
    relatedLinks: [],
  },
  {
    question: 'What do the membership plans cost?',
    answer:
      '<p>Starter Strut is free for one book. Essential Strut ($5.99 a month) lists 2 books, Basic Strut ($9.99) 5, Pro Strut ($15.99) 10 and Elite Strut ($24.99) as many as you like. Plans are billed for a year.</p>',
    relatedLinks: [toMembership],
  },
  {
    question: 'What analytics do I get?',
    answer:
      '<p>Paid plans show impressions, audio plays, listening hours, likes, favourites, shares, clicks on your Get This link and the ideas readers searched when they found you.</p>',
    relatedLinks: [toMembership],
  },
  {
    question: 'How does my book get into the Top 20?',
    answer:
      '<p>The TOP 20 BOOK STRUTS list ranks titles by recent reader engagement: plays, listening time, likes, favourites and shares from real, counted readers.</p>',
    relatedLinks: [{ linkText: 'See the Top 20', linkUrl: '/topbookstruts', linkType: 'internal' }],
  },
  {
    question: 'Can publishers list many titles?',
    answer:
      '<p>Yes. Sign up as a publisher and choose a plan with the number of books you need. For a catalogue beyond the Elite plan, ask us about an Infinite Strut plan.</p>',
    relatedLinks: [toContact],
  },
  {
    question: 'Why was my podblurb rejected?',
    answer:
      '<p>Listings are reviewed before they show. A rejected listing shows the reason on its badge in My Listings; fix what it names and upload again.</p>',
    relatedLinks: [toContact],
  },
  {
    question: 'Which audio files can I upload?',
    answer: '<p>MP3 only, at most 7 MB and at most 5 minutes (300 seconds).</p>',
    relatedLinks: [toUpload],
  },
  {
    question: 'How do I get help?',
    answer:
      '<p>Write to us through the contact form. We answer premium members within 24 hours and free members within 48 hours.</p>',
    relatedLinks: [toContact],
  },
]

export interface BuiltInBlogPost {
  slug: string
  title: string
  summary: string
  excerpt: string
  content: string
  sections: { subtitle: string; subcontent: string }[]
  relatedLinks: BuiltInLink[]
}

const post = (
  slug: string,
  title: string,
  excerpt: string,
  paragraphs: string[],
  sections: [string, string][],
  summary: string,
): BuiltInBlogPost => ({
  slug,
  title,
  excerpt,
  summary,
  content: paragraphs.map((p) => `<p>${p}</p>`).join(''),
  sections: sections.map(([subtitle, text]) => ({ subtitle, subcontent: `<p>${text}</p>` })),
  relatedLinks: [
    { linkText: 'Search books by idea', linkUrl: '/', linkType: 'internal' },
    { linkText: 'Frequently asked questions', linkUrl: '/faq', linkType: 'internal' },
  ],
})

export const BUILT_IN_BLOG_POSTS: readonly BuiltInBlogPost[] = [
  post(
    'find-books-by-describing-ideas',
    'Find Books by Describing Ideas',
    'Titles and genres only go so far. Describe what you want to read about and let the ideas do the finding.',
    [
      'Most book searches start from something you already know: a title, an author, a genre. But the books you will love most are often the ones you have never heard of.',
      'BookStrut lets you describe up to three ideas in your own words and ranks books by how well each idea matches.',
    ],
    [
      [
        'Write ideas, not keywords',
        'A sentence of 7 to 12 words says more than a single keyword: who, where, what happens.',
      ],
      ['Read the Strut score', 'Every result shows a score per idea, so you see why a book matched.'],
    ],
    'Describe ideas in sentences, compare Strut scores idea by idea, and listen before you choose.',
  ),
  post(
    'what-is-a-podblurb',
    'What Is a Podblurb?',
    'A podblurb is a short audio promo of a book. Here is why listening first helps readers and authors alike.',
    [
      'A podblurb is an audio promo of up to five minutes, recorded for one book.',
      'Readers hear the voice and the tone of a book before they pick it; authors reach readers who browse by ear.',
    ],
    [
      [
        'For readers',
        'Press play in the results and keep browsing: the player stays at the bottom of the page.',
      ],
      ['For authors', 'Record a short, lively promo: the story, the feeling, and who it is for.'],
    ],
    'Podblurbs let readers listen before they choose and give authors a voice in search results.',
  ),
  post(
    'promote-your-book-for-free',
    'How to Promote Your Book for Free',
    'Five steps to put your book in front of readers who are looking for exactly what it is about.',
    [
      'Promotion does not have to start with a budget. It starts with saying clearly what your book is about.',
      'On BookStrut your first listing is free and permanent.',
    ],
    [
      ['Pick three sharp ideas', 'Each idea is one sentence: the premise, the setting, the feeling.'],
      ['Record a podblurb', 'Five minutes or less, MP3, up to 7 MB.'],
      ['Share your listing', 'Every listing has its own page to share with your readers.'],
    ],
    'State your ideas clearly, add a podblurb and share your listing: that is free promotion that works.',
  ),
  post(
    'how-strut-scores-work',
    'How Strut Scores Work',
    'A look at the per-idea match scores behind every search result.',
    [
      'Each idea you type is compared with each book, and the match is shown as a score from 0 to 100.',
      'The total adds a bonus when all your ideas match, so balanced matches rank higher.',
    ],
    [['Why per-idea scores?', 'You see which idea a book covers well and which it barely touches.']],
    'Strut scores explain each match idea by idea, with a bonus for books that cover all your ideas.',
  ),
  post(
    'writing-ideas-readers-search-for',
    'Writing Ideas Readers Search For',
    'The three ideas of a listing decide who finds your book. Here is how to write them.',
    [
      'Readers describe what they want in plain words. Write your ideas the same way.',
      'Avoid jargon and spoilers; name the situation, the place and the feeling.',
    ],
    [
      [
        'Examples',
        'Instead of "thriller", try "a lighthouse keeper hides a letter that could free a prisoner".',
      ],
    ],
    'Write each idea as one plain sentence of 7 to 12 words about what readers will find in your book.',
  ),
  post(
    'free-books-and-where-to-find-them',
    'Free Books and Where to Find Them',
    'Public-domain classics, library apps and author giveaways: where free reading lives.',
    [
      'Free reading is everywhere once you know where to look.',
      'Many authors on BookStrut link to free editions or samples through their Get This link.',
    ],
    [['Classics', 'Public-domain books are free to read and share.']],
    'Libraries, public-domain collections and author giveaways all offer free books worth finding.',
  ),
  post(
    'reading-by-ear',
    'Reading by Ear: Why Audio Helps You Choose',
    'Listening to a few minutes of a book tells you more than a cover ever can.',
    ['Tone, pace and voice come through in audio in a way blurbs rarely manage.'],
    [['Try it', 'Search for an idea and press play on the first three results.']],
    'A short listen reveals the tone of a book and makes choosing easier.',
  ),
  post(
    'the-top-20-explained',
    'The Top 20 Explained',
    'What puts a book into the TOP 20 BOOK STRUTS list on the home page.',
    [
      'The list ranks titles by recent engagement from real readers: plays, listening time, likes and shares.',
    ],
    [
      [
        'Fair counting',
        'Repeated clicks from one reader count once, so the list reflects readers, not scripts.',
      ],
    ],
    'The Top 20 reflects what real readers play, like and share right now.',
  ),
  post(
    'choosing-a-membership-plan',
    'Choosing a Membership Plan',
    'From Starter Strut to Elite Strut: which plan fits your catalogue.',
    ['Start free with one book. Move up when you have more titles or want analytics.'],
    [
      [
        'Infinite Strut',
        'For large catalogues, a limited number of Infinite Strut plans exist: contact us first.',
      ],
    ],
    'Pick the plan by the number of books you list and whether you want analytics.',
  ),
  post(
    'book-discovery-for-indie-authors',
    'Book Discovery for Indie Authors',
    'Independent authors compete with big marketing budgets. Idea search levels the field.',
    ['When readers search by idea, a clear premise matters more than a famous name.'],
    [['Be specific', 'Specific ideas match the readers who want exactly your book.']],
    'Idea search lets a clear, specific premise compete with big budgets.',
  ),
]
