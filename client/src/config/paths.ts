/** Route paths of both route tables (spec reader-and-account section 2, author-and-content section 2). */
export const paths = {
  home: '/',
  searchBook: '/search-book',
  membership: '/membership',
  contact: '/contact',
  faq: '/faq',
  faqDetail: (id: string) => `/faq/${encodeURIComponent(id)}`,
  blog: '/blog',
  blogPost: (slug: string) => `/blog/${encodeURIComponent(slug)}`,
  pageDetail: (path: string) => `/pagedetail/${encodeURIComponent(path)}`,
  policy: '/Policy',
  terms: '/terms-conditions',
  logout: '/Logout',
  singleBook: (id: string) => `/single-book/${encodeURIComponent(id)}`,
  authorProfile: (id: string) => `/author-profile/${encodeURIComponent(id)}`,
  /** An author as books name them (an imported book's author, who has no account): their books. */
  author: (name: string) => `/author/${encodeURIComponent(name)}`,
  topList: '/topbookstruts',
  /** "Books about <idea>" topic pages (docs/seo.md): the index and one topic. */
  topics: '/topics',
  topic: (slug: string) => `/topics/${encodeURIComponent(slug)}`,
  uploadBook: '/upload-book',
  profile: '/profile',
  profileListings: '/profile-listings',
  profileMembership: '/profile-membership',
  /** Spelling as in the spec's route. */
  profileFavorite: '/profile-fevorite',
  profileSearch: '/profile-search',
  profileGhost: '/profile-ghost',
  /** A reader's shelves (issue 49): one page per shelf, by its slug (lib/shelves SHELF_SLUGS). */
  profileShelf: (slug: string) => `/profile-shelves/${encodeURIComponent(slug)}`,
  /** Bringing a Goodreads or StoryGraph library in, with each import's report. */
  profileImport: '/profile-import',
  /** Admin only: the moderation queue of pending listings. */
  adminModeration: '/admin/moderation',
  /** Admin only: the admin console (its sections: adminPaths). */
  admin: '/admin',
} as const

/** The admin console's sections (issue 33); Content is the content editors' (built apart). */
export const adminPaths = {
  users: '/admin/users',
  user: (id: string) => `/admin/users/${encodeURIComponent(id)}`,
  moderation: '/admin/moderation',
  reports: '/admin/reports',
  content: '/admin/content',
  plans: '/admin/plans',
  top20: '/admin/top20',
  readersWords: '/admin/readers-words',
  auditLog: '/admin/audit-log',
} as const

/** Static marketing articles (author-and-content section 2). */
export const articlePaths = [
  { path: '/free-books', title: 'Free Books' },
  { path: '/free-ebooks-online', title: 'Free eBooks Online' },
  { path: '/ai-book-recommendation', title: 'AI Book Recommendation' },
  { path: '/book-recommendation-ai', title: 'Book Recommendation AI' },
  { path: '/advertise-book-free', title: 'Advertise Your Book Free' },
  { path: '/promote-book-free', title: 'Promote Your Book Free' },
  { path: '/free-book-discovery', title: 'Free Book Discovery' },
  { path: '/find-book-by-interest', title: 'Find a Book by Interest' },
  { path: '/free-book-marketing-tool', title: 'Free Book Marketing Tool' },
  { path: '/best-free-book-advertising-sites', title: 'Best Free Book Advertising Sites' },
] as const
