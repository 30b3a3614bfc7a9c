import { useLocation } from 'react-router-dom'
import { PlaceholderPage } from '@/components/ui/placeholder-page'
import { articlePaths } from '@/config/paths'

/*
 * Pages that later issues build. Each shows its title and one sentence so every route of the route tables
 * exists and can be navigated today.
 */

export const ContactRoute = () => (
  <PlaceholderPage title="Contact Us" description="A contact form and support guide are coming soon." />
)
export const FaqRoute = () => (
  <PlaceholderPage title="FAQ" description="Answers to common questions are coming soon." />
)
export const FaqDetailRoute = () => <PlaceholderPage title="FAQ" description="This answer is coming soon." />
export const BlogRoute = () => (
  <PlaceholderPage title="Blog" description="Articles about books and book promotion are coming soon." />
)
export const BlogPostRoute = () => (
  <PlaceholderPage title="Blog" description="This blog post is coming soon." />
)
export const PageDetailRoute = () => (
  <PlaceholderPage title="Information" description="This information page is coming soon." />
)
export const PolicyRoute = () => (
  <PlaceholderPage title="Privacy Policy" description="Our privacy policy is coming soon." />
)
export const TermsRoute = () => (
  <PlaceholderPage title="Terms and Conditions" description="Our terms and conditions are coming soon." />
)
export const TopListRoute = () => (
  <PlaceholderPage
    title="Top 20 Book Struts"
    description="The list of the most-strutted titles is coming soon."
  />
)
export function ArticleRoute() {
  const { pathname } = useLocation()
  const title = articlePaths.find((a) => a.path.toLowerCase() === pathname.toLowerCase())?.title ?? 'Article'
  return <PlaceholderPage title={title} description="This article is coming soon." />
}
