import { paths } from '@/config/paths'

export interface NavItem {
  to: string
  label: string
  /** Membership is not shown to readers (spec reader-and-account section 2, header). */
  hiddenForReaders?: boolean
}

export const mainNav: readonly NavItem[] = [
  { to: paths.home, label: 'Home' },
  { to: paths.membership, label: 'Membership', hiddenForReaders: true },
  { to: paths.blog, label: 'Blog' },
  { to: paths.faq, label: 'FAQ' },
  { to: paths.contact, label: 'Contact Us' },
]

export const visibleNav = (role: string | null): NavItem[] =>
  mainNav.filter((item) => !(item.hiddenForReaders && role === 'reader'))
