/**
 * @bookstrut/content: FAQ, blog posts, information pages, site settings and contact messages (issue 32), with the
 * HTML sanitizer every stored text goes through. Functions take the database (or the app's deps) first and know
 * nothing of HTTP. The exports are named: what the api and the workers use.
 */
export type { Viewer } from './paging.js'
export { getFaq, listFaqs, createFaq } from './faqs.js'
export { getBlogPost, listBlogPosts, createBlogPost } from './blog-posts.js'
export {
  ADMIN_INFORMATION_LIMIT,
  createInformationPage,
  deleteInformationPage,
  getInformationById,
  getInformationByPath,
  listAllInformationPages,
  listInformationLinks,
} from './information-pages.js'
export { featuredVideo, siteSettings, updateSettings } from './settings.js'
export { contactMail, type ContactLimits } from './contact.js'
export { createContactMessage, type ContactDeps } from './contact-message.js'
export { SNAPSHOT_FILES, snapshotWriter } from './snapshots.js'
export { listPublicContentPaths, type PublicContentPath } from './public-paths.js'
export { seedDemoContent } from './demo-content.js'
export {
  auditedUpdateSettings,
  blogWrites,
  faqWrites,
  informationWrites,
  type AuditDeps,
} from './audited-writes.js'
