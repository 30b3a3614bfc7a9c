/**
 * @bookstrut/content: FAQ, blog posts, information pages, site settings and contact messages (issue 32), with the
 * HTML sanitizer every stored text goes through. Functions take the database first and know nothing of HTTP.
 */
export * as contentRepo from './content.repository.js'
export * from './sanitize.js'
export * from './paging.js'
export * from './faqs.js'
export * from './blog-posts.js'
export * from './information-pages.js'
export * from './settings.js'
export * from './contact.js'
export * from './snapshots.js'
export * from './public-paths.js'
export * from './demo-content.js'
export * from './audited-writes.js'
