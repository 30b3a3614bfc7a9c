import { readFileSync } from 'node:fs'
import path from 'node:path'
import { adminPaths, articlePaths, paths } from '../../src/config/paths.js'

/*
 * Every page of the client, as the layout check visits it: each route of the router with its parameters filled
 * in, and which roles can see it (a guarded route only redirects the others, whose target is checked anyway).
 */

export type Role = 'visitor' | 'reader' | 'author' | 'publisher' | 'admin'
export const ROLES: readonly Role[] = ['visitor', 'reader', 'author', 'publisher', 'admin']
const signedIn: readonly Role[] = ['reader', 'author', 'publisher', 'admin']
const creators: readonly Role[] = ['author', 'publisher', 'admin']

/** What a page's address needs from the seeded data. */
export interface SeededIds {
  bookId: string
  authorId: string
  /** An imported book's author (no account): the name of the /author/{name} page. */
  authorName: string
  searchQuery: string
}

export interface SitePage {
  /** The router's path pattern this page stands for (router.tsx). */
  route: string
  /** A short name for reports and screenshot files. */
  name: string
  url: (ids: SeededIds) => string
  roles: readonly Role[]
}

const everyone = ROLES

export const SITE_PAGES: readonly SitePage[] = [
  { route: '/', name: 'home', url: () => paths.home, roles: everyone },
  { route: 'membership', name: 'membership', url: () => paths.membership, roles: everyone },
  { route: 'contact', name: 'contact', url: () => paths.contact, roles: ['visitor'] },
  { route: 'faq', name: 'faq', url: () => paths.faq, roles: ['visitor'] },
  { route: 'faq/:id', name: 'faq-detail', url: () => paths.faqDetail('example'), roles: ['visitor'] },
  { route: 'blog', name: 'blog', url: () => paths.blog, roles: ['visitor'] },
  { route: 'blog/:slug', name: 'blog-post', url: () => paths.blogPost('example'), roles: ['visitor'] },
  {
    route: 'pagedetail/:slag',
    name: 'page-detail',
    url: () => paths.pageDetail('about'),
    roles: ['visitor'],
  },
  { route: 'topics', name: 'topics', url: () => paths.topics, roles: ['visitor'] },
  // (no topic is stored in the layout run: an unknown slug shows the topic page's not-found state)
  { route: 'topics/:slug', name: 'topic', url: () => paths.topic('example'), roles: ['visitor'] },
  { route: 'Policy', name: 'policy', url: () => paths.policy, roles: ['visitor'] },
  { route: 'terms-conditions', name: 'terms', url: () => paths.terms, roles: ['visitor'] },
  { route: 'single-book/:id', name: 'single-book', url: (s) => paths.singleBook(s.bookId), roles: everyone },
  {
    route: 'author-profile/:id',
    name: 'author-profile',
    url: (s) => paths.authorProfile(s.authorId),
    roles: ['visitor', 'reader'],
  },
  {
    route: 'author/*',
    name: 'author-books',
    url: (s) => paths.author(s.authorName),
    roles: ['visitor', 'reader'],
  },
  { route: paths.topList.slice(1), name: 'top-list', url: () => paths.topList, roles: ['visitor'] },
  ...articlePaths.map(({ path: p }, i) => ({
    route: p.slice(1),
    name: `article-${p.slice(1)}`,
    url: () => p,
    // One article layout for all ten: each is seen signed out, the first one by every role.
    roles: i === 0 ? everyone : (['visitor'] as const),
  })),
  {
    route: 'search-book',
    name: 'search-results',
    url: (s) => `${paths.searchBook}?${s.searchQuery}`,
    roles: everyone,
  },
  { route: 'upload-book', name: 'upload-book', url: () => paths.uploadBook, roles: ['author', 'publisher'] },
  { route: 'admin/moderation', name: 'moderation', url: () => paths.adminModeration, roles: ['admin'] },
  { route: 'admin', name: 'admin', url: () => paths.admin, roles: ['admin'] },
  { route: 'admin/users', name: 'admin-users', url: () => adminPaths.users, roles: ['admin'] },
  { route: 'admin/users/:id', name: 'admin-user', url: (s) => adminPaths.user(s.authorId), roles: ['admin'] },
  { route: 'admin/reports', name: 'admin-reports', url: () => adminPaths.reports, roles: ['admin'] },
  { route: 'admin/content', name: 'admin-content', url: () => adminPaths.content, roles: ['admin'] },
  { route: 'admin/plans', name: 'admin-plans', url: () => adminPaths.plans, roles: ['admin'] },
  { route: 'admin/top20', name: 'admin-top20', url: () => adminPaths.top20, roles: ['admin'] },
  {
    route: 'admin/readers-words',
    name: 'admin-readers-words',
    url: () => adminPaths.readersWords,
    roles: ['admin'],
  },
  { route: 'admin/audit-log', name: 'admin-audit-log', url: () => adminPaths.auditLog, roles: ['admin'] },
  { route: 'profile', name: 'profile', url: () => paths.profile, roles: signedIn },
  { route: 'profile-fevorite', name: 'favourites', url: () => paths.profileFavorite, roles: ['reader'] },
  { route: 'profile-search', name: 'saved-searches', url: () => paths.profileSearch, roles: ['reader'] },
  { route: 'profile-ghost', name: 'ghosted-titles', url: () => paths.profileGhost, roles: ['reader'] },
  // A reader's library (issue 49): the seeded reader has a book on Read (with dates) and on Want to read, and one
  // finished import with its report.
  {
    route: 'profile-shelves/:shelf',
    name: 'shelf-read',
    url: () => paths.profileShelf('read'),
    roles: ['reader'],
  },
  { route: 'profile-import', name: 'import-library', url: () => paths.profileImport, roles: ['reader'] },
  { route: 'profile-listings', name: 'my-listings', url: () => paths.profileListings, roles: creators },
  { route: 'profile-membership', name: 'my-membership', url: () => paths.profileMembership, roles: creators },
]

/**
 * Routes the check does not visit, and why: signing out is an action (its page is the home page), and the
 * catch-all redirects home.
 */
export const NOT_VISITED: Readonly<Record<string, string>> = {
  Logout: 'signs out and goes to the home page',
  'profile-shelves': 'redirects to the Want to read shelf (profile-shelves/:shelf, visited)',
  '*': 'redirects to the home page',
}

/**
 * The path patterns in router.tsx, read from its source: a route added there and not here fails the check,
 * so a new page cannot go unchecked.
 */
export function routerPaths(): string[] {
  const source = readFileSync(path.join(import.meta.dirname, '../../src/app/router.tsx'), 'utf8')
  const literal = [...source.matchAll(/path: '([^']*)'/g)].map((m) => m[1]!)
  const computed = source.includes('paths.topList.slice(1)') ? [paths.topList.slice(1)] : []
  const articles = source.includes('articlePaths.map') ? articlePaths.map((a) => a.path.slice(1)) : []
  return [...literal, ...computed, ...articles]
}
