import type { ReactNode } from 'react'
import { Link } from 'react-router-dom'
import type { RelatedLink } from '@bookstrut/schemas'
import { paths } from '@/config/paths'
import styles from './content.module.css'
import { containerClass } from '@/components/ui/container'

/** Home › … › current page. */
export function Breadcrumb({ trail, current }: { trail: { to: string; label: string }[]; current: string }) {
  return (
    <nav className={styles.breadcrumb} aria-label="Breadcrumb">
      <Link to={paths.home}>Home</Link>
      {trail.map((step) => (
        <span key={step.to}>
          <span aria-hidden="true">› </span>
          <Link to={step.to}>{step.label}</Link>
        </span>
      ))}
      <span aria-hidden="true">›</span>
      <span aria-current="page">{current}</span>
    </nav>
  )
}

/** A related link: internal ones (site paths) route in the app, others open in a new tab (spec). */
export function ContentLink({ link }: { link: RelatedLink }) {
  if (link.linkType === 'internal' && link.linkUrl.startsWith('/') && !link.linkUrl.startsWith('//'))
    return <Link to={link.linkUrl}>{link.linkText}</Link>
  return (
    <a href={link.linkUrl} target="_blank" rel="noopener noreferrer">
      {link.linkText}
    </a>
  )
}

export function RelatedResources({
  links,
  heading = 'Related Resources',
}: {
  links: RelatedLink[]
  heading?: string
}) {
  if (links.length === 0) return null
  return (
    <section className={styles.box} aria-label={heading}>
      <h2>{heading}</h2>
      <ul className={styles.links}>
        {links.map((link) => (
          <li key={`${link.linkUrl}-${link.linkText}`}>
            <ContentLink link={link} />
          </li>
        ))}
      </ul>
    </section>
  )
}

/** The page frame every content page shares. */
export function ContentPage({ children, narrow = true }: { children: ReactNode; narrow?: boolean }) {
  return (
    <article className={containerClass(`${styles.page} ${narrow ? styles.narrow : ''}`)}>{children}</article>
  )
}

/** 'Still have questions?' with links to /contact and / (spec FAQ footer block). */
export function StillHaveQuestions({ contactLabel = 'Contact Us' }: { contactLabel?: string }) {
  return (
    <section className={styles.box}>
      <h2>Still have questions?</h2>
      <p>Our team is happy to help with listings, plans and searches.</p>
      <ul className={styles.links}>
        <li>
          <Link to={paths.contact}>{contactLabel}</Link>
        </li>
        <li>
          <Link to={paths.home}>Search books by idea</Link>
        </li>
      </ul>
    </section>
  )
}

/**
 * A list's state line: the spec's loading text while `pending`, then `notice` (the yellow offline or failure notice)
 * when there is one.
 */
export function LoadState({
  pending,
  loadingText,
  notice,
}: {
  pending: boolean
  loadingText: string
  notice?: string | null
}) {
  if (pending)
    return (
      <p className={styles.status} role="status">
        {loadingText}
      </p>
    )
  return notice ? (
    <p className={styles.notice} role="status">
      {notice}
    </p>
  ) : null
}

/** A content page that is still loading: the page frame with the spec's loading text. */
export const LoadingPage = ({ text }: { text: string }) => (
  <ContentPage>
    <LoadState pending loadingText={text} />
  </ContentPage>
)
