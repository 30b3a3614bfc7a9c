import type { DbOrTx } from '@bookstrut/core'
import {
  BUILT_IN_BLOG_POSTS,
  BUILT_IN_FAQS,
  TERMS_INFORMATION_ID,
  type InformationBody,
} from '@bookstrut/schemas'
import { createBlogPost } from './blog-posts.js'
import { createFaq } from './faqs.js'
import { createInformationPage } from './information-pages.js'

/** The information pages of a new site: the terms at their fixed id, then the rest. */
const DEMO_PAGES: (InformationBody & { id?: string })[] = [
  {
    id: TERMS_INFORMATION_ID,
    path: 'terms-conditions',
    information_name: 'Terms and Conditions',
    placeArea: 'footer',
    order: 1,
    information_Description:
      '<h2>Using BookStrut</h2><p>By using BookStrut you agree to these terms. Readers may search, listen and react to listings for their own, non-commercial use.</p>' +
      '<h2>Listings</h2><p>Authors and publishers are responsible for the listings they upload: they must own or be licensed to use the covers, texts and podblurbs. Listings are reviewed and may be rejected or removed.</p>' +
      '<h2>Plans and payments</h2><p>Paid plans are billed for twelve months in advance. Unused time is credited when you upgrade.</p>' +
      '<h2>Contact</h2><p>Questions about these terms: <a href="/contact">contact us</a>.</p>',
  },
  // No "Privacy Policy" information page: the footer links to the policy itself (/Policy); a stub that only
  // linked there was a dead end (issue 48).
  {
    path: 'about-us',
    information_name: 'About Us',
    placeArea: 'menu',
    order: 1,
    information_Description:
      '<h2>Book discovery by idea</h2><p>BookStrut helps readers find books by describing the ideas they want to read about, and helps authors and publishers reach those readers with short audio promos.</p>',
  },
  {
    path: 'how-it-works',
    information_name: 'How It Works',
    placeArea: 'menu',
    order: 2,
    information_Description:
      '<ol><li>Describe up to three ideas.</li><li>Compare Strut scores idea by idea.</li><li>Listen to the podblurb, then get the book.</li></ol>',
  },
  {
    path: 'community-guidelines',
    information_name: 'Community Guidelines',
    placeArea: 'footer',
    order: 3,
    information_Description:
      '<p>Be honest about your books, respect other authors, and report listings that mislead readers. Repeated abuse gets an account blocked.</p>',
  },
]

/** How many built-in posts the demo stores (the client carries all ten for its offline list). */
const DEMO_POSTS = 3

/**
 * Fills an empty content domain with the demo's FAQs (the 15 author-promotion questions), a few blog posts, the
 * terms and the information pages. Does nothing to a table that already has entries, so a re-run (or an admin's
 * own content) is never duplicated or overwritten. Answers what it added.
 */
export async function seedDemoContent(db: DbOrTx, now = new Date()) {
  const isEmpty = async (table: 'faqs' | 'blog_posts' | 'information_pages') =>
    !(await db.selectFrom(table).select('id').limit(1).executeTakeFirst())
  const added = { faqs: 0, posts: 0, pages: 0 }
  if (await isEmpty('faqs')) {
    for (const [i, faq] of BUILT_IN_FAQS.entries()) {
      await createFaq(db, { ...faq, order: i + 1 }, new Date(now.getTime() + i))
      added.faqs += 1
    }
  }
  if (await isEmpty('blog_posts')) {
    for (const [i, p] of BUILT_IN_BLOG_POSTS.slice(0, DEMO_POSTS).entries()) {
      await createBlogPost(db, { ...p, category: 'Guides' }, new Date(now.getTime() - i * 86_400_000))
      added.posts += 1
    }
  }
  if (await isEmpty('information_pages')) {
    for (const { id, ...page } of DEMO_PAGES) {
      await createInformationPage(db, page, now, id)
      added.pages += 1
    }
  }
  return added
}
