import { Link } from 'react-router-dom'
import { paths } from '@/config/paths'
import { usePageMeta } from '@/lib/use-page-meta'
import { Breadcrumb, ContentPage } from './content-parts'
import styles from './content.module.css'

/** The spec's effective date of the privacy policy. */
export const PRIVACY_EFFECTIVE_DATE = 'April 25, 2025'

/** /Policy: the privacy policy (static text; spec author-and-content section 2). */
export function PolicyPage() {
  usePageMeta({
    title: 'Privacy Policy',
    description:
      'How BookStrut collects, uses, shares and protects your information, and the choices you have. Effective April 25, 2025.',
    canonicalPath: paths.policy,
  })
  return (
    <ContentPage>
      <Breadcrumb trail={[]} current="Privacy Policy" />
      <h1 className={styles.title}>Privacy Policy</h1>
      <p className={styles.meta}>Effective date: {PRIVACY_EFFECTIVE_DATE}</p>
      <div className={styles.prose}>
        <p>
          This policy explains what information BookStrut collects when you search, listen, list books or buy
          a plan, how we use it, and the choices you have.
        </p>
        <h2>Information we collect</h2>
        <ul>
          <li>Account details you give us: name, e-mail address, role, profile images, bio and links.</li>
          <li>Listings you upload: covers, descriptions, ideas, podblurbs and links.</li>
          <li>Use of the site: searches, plays, listening time, likes, favourites, shares and clicks.</li>
          <li>
            Payment details are handled by our card processor; we keep only the plan, amounts and dates.
          </li>
          <li>Technical data: IP address, browser type and the pages you visit.</li>
        </ul>
        <h2>How we use information</h2>
        <ul>
          <li>To run the service: search results, your favourites and history, your listings and plans.</li>
          <li>To show authors analytics of their titles and to compute the Top 20.</li>
          <li>To keep the site safe: rate limits, fraud and abuse detection.</li>
          <li>To send you codes and messages you asked for, and to answer your questions.</li>
        </ul>
        <h2>How we share information</h2>
        <p>
          We do not sell your personal information. We share it with service providers who run parts of the
          service for us (hosting, e-mail, payments), when the law requires it, or to protect our users.
          Authors see counts about their titles, never who you are.
        </p>
        <h2>Retention and security</h2>
        <p>
          We keep account data while your account exists and usage data only as long as analytics need it.
          Passwords are stored hashed; sessions and codes expire; access to data is limited to what each part
          of the service needs.
        </p>
        <h2>Your rights and choices</h2>
        <ul>
          <li>See and correct your profile at any time from your dashboard.</li>
          <li>Delete your search history, favourites and ghosted titles yourself.</li>
          <li>Ask us for a copy of your data or to delete your account.</li>
        </ul>
        <h2>Changes to this policy</h2>
        <p>
          We will post any change on this page with a new effective date, and tell you by e-mail when a change
          is significant.
        </p>
        <h2>Contact us</h2>
        <p>
          Questions about this policy: write to us through the <Link to={paths.contact}>contact form</Link>.
        </p>
      </div>
    </ContentPage>
  )
}
