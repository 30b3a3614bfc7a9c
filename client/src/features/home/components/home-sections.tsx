import { Link } from 'react-router-dom'
import { ScrollRegion } from '@/components/ui/scroll-region'
import { paths } from '@/config/paths'
import { billingText, formatUsd } from '@/lib/plan-texts'
import styles from './home-sections.module.css'
import { buttonClass, ButtonLink } from '@/components/ui/button'
import { containerClass } from '@/components/ui/container'
import { stackListClass } from '@/components/ui/stack-list'
import { section } from '@/components/ui/section'

const steps = [
  {
    title: 'Describe the ideas',
    text: 'Type up to three ideas you want a book to be about, in your own words. No titles, no genres needed.',
    icon: 'M4 20h4L19 9l-4-4L4 16zM14 6l4 4',
  },
  {
    title: 'Hear the podblurb',
    text: 'Every result carries a short audio promo recorded for the book, so you can listen before you commit.',
    icon: 'M3 12h2l2-6 4 14 4-10 2 4h4',
  },
  {
    title: 'See the Strut score',
    text: 'Visible match scores show how well each of your ideas is covered by each book, side by side.',
    icon: 'M5 20V10M12 20V4M19 20v-7',
  },
]

/** "How it works": the three steps of a search. */
export function HowItWorks() {
  return (
    <section className={section.block} aria-labelledby="how-title">
      <div className={containerClass()}>
        <p className={section.eyebrow}>What is BookStrut?</p>
        <h2 id="how-title" className={section.title}>
          From a thought to your next book in three steps
        </h2>
        <ol className={styles['steps-grid']}>
          {steps.map((step, index) => (
            <li key={step.title} className={styles['step-card']}>
              <span className={styles['step-card__icon']} aria-hidden="true">
                <svg viewBox="0 0 24 24" width="24" height="24">
                  <path
                    d={step.icon}
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="2"
                    strokeLinecap="round"
                    strokeLinejoin="round"
                  />
                </svg>
              </span>
              <span className={styles['step-card__number']}>Step {index + 1}</span>
              <h3 className={styles['step-card__title']}>{step.title}</h3>
              <p className={styles['step-card__text']}>{step.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  )
}

/** Strut scores are 0-100 per idea; the total adds a bonus of half the weakest idea's score (as results show). */
const sampleScores = [
  { idea: 'A lighthouse keeper who keeps a secret', score: 92.4 },
  { idea: 'Letters that arrive decades too late', score: 81.1 },
  { idea: 'A storm that changes a small island', score: 67.3 },
]
const sampleTotal =
  sampleScores.reduce((sum, s) => sum + s.score, 0) + Math.min(...sampleScores.map((s) => s.score)) / 2

/** A sample result showing what a Strut score looks like. */
export function StrutScorePreview() {
  return (
    <section className={`${section.block} ${styles['section--tint']}`} aria-labelledby="score-title">
      <div className={containerClass(section.split)}>
        <div>
          <p className={section.eyebrow}>Strut scores</p>
          <h2 id="score-title" className={section.title}>
            See why a book matches, idea by idea
          </h2>
          <p className={section.lead}>
            Instead of a black-box ranking, every result shows how strongly each of your ideas appears in the
            book. Compare titles at a glance, then press play on the podblurb.
          </p>
        </div>
        <figure className={styles['score-card']} aria-label="Example search result">
          <div className={styles['score-card__head']}>
            <div className={styles['score-card__cover']} aria-hidden="true">
              <span>The Keeper&apos;s Letters</span>
            </div>
            <div>
              <p className={styles['score-card__title']}>The Keeper&apos;s Letters</p>
              <p className={styles['score-card__meta']}>Historical fiction · 2021 · Podblurb 2:14</p>
              <p className={styles['score-card__total']}>
                Strut score <strong>{sampleTotal.toFixed(2)}</strong>
              </p>
            </div>
          </div>
          <ul className={`${stackListClass} ${styles['score-bars']}`}>
            {sampleScores.map((s) => (
              <li key={s.idea} className={styles['score-bar']}>
                <span className={styles['score-bar__label']}>{s.idea}</span>
                <span className={styles['score-bar__track']} aria-hidden="true">
                  <span className={styles['score-bar__fill']} style={{ width: `${s.score}%` }} />
                </span>
                <span className={styles['score-bar__value']}>{s.score.toFixed(2)}</span>
              </li>
            ))}
          </ul>
        </figure>
      </div>
    </section>
  )
}

/** The static plan table of the marketing pages (spec reader-and-account section 3). */
const plans = [
  { name: 'Starter Strut', monthly: 0, limit: '1 book', analytics: false },
  { name: 'Essential Strut', monthly: 5.99, limit: '2 books', analytics: true },
  { name: 'Basic Strut', monthly: 9.99, limit: '5 books', analytics: true },
  { name: 'Pro Strut', monthly: 15.99, limit: '10 books', analytics: true, popular: true },
  { name: 'Elite Strut', monthly: 24.99, limit: 'Unlimited', analytics: true },
]

export function PlansTeaser({ onJoin, showJoin }: { onJoin: () => void; showJoin: boolean }) {
  return (
    <section className={section.block} aria-labelledby="plans-title">
      <div className={containerClass()}>
        <p className={section.eyebrow}>For authors &amp; publishers</p>
        <h2 id="plans-title" className={section.title}>
          Strut your titles to readers who are looking for them
        </h2>
        <p className={`${section.lead} ${styles['lead--narrow']}`}>
          List a book with three ideas and a podblurb of up to five minutes. Your first upload is free,
          listings are permanent, and paid plans add analytics.
        </p>
        <ul className={styles.plans}>
          {plans.map((plan) => (
            <li
              key={plan.name}
              className={`${styles.plan}${plan.popular ? ` ${styles['plan--popular']}` : ''}`}
            >
              {plan.popular && <span className={styles.plan__ribbon}>Most Popular</span>}
              <h3 className={styles.plan__name}>{plan.name}</h3>
              <p className={styles.plan__price}>
                {plan.monthly === 0 ? 'Free' : formatUsd(plan.monthly)}
                {plan.monthly !== 0 && <span> / mo</span>}
              </p>
              {plan.monthly !== 0 && (
                <p className={styles.plan__billing}>{billingText({ price: plan.monthly, duration: 12 })}</p>
              )}
              <ul className={styles.plan__features}>
                <li>{plan.limit}</li>
                <li>Permanent listing</li>
                <li className={plan.analytics ? '' : styles['plan__feature--off']}>
                  {plan.analytics ? 'Listening analytics' : 'No analytics'}
                </li>
              </ul>
            </li>
          ))}
        </ul>
        <PlanComparison />
        <div className={section.ctaRow}>
          {showJoin && (
            <button
              type="button"
              className={buttonClass({ variant: 'primary', size: 'lg' })}
              onClick={onJoin}
            >
              <span>Start free as an author</span>
            </button>
          )}
          <ButtonLink variant="secondary" size="lg" to={paths.membership}>
            <span>Compare plans</span>
          </ButtonLink>
        </div>
      </div>
    </section>
  )
}

const COMPARISON_COLUMNS = ['Plan', 'Price per month', 'Books', 'Analytics', 'Permanent listing']

/** The plans side by side (spec: the home page's plan comparison table), with the Infinite Strut row to /contact. */
function PlanComparison() {
  return (
    <div>
      <ScrollRegion className={styles.compare} label="Plans side by side">
        <table>
          <caption>Compare the plans</caption>
          <thead>
            <tr>
              {COMPARISON_COLUMNS.map((column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {plans.map((plan) => (
              <tr key={plan.name}>
                <th scope="row">{plan.name}</th>
                {[
                  plan.monthly === 0 ? 'Free' : formatUsd(plan.monthly),
                  plan.limit,
                  plan.analytics ? 'Yes' : 'No',
                  'Yes',
                ].map((cell, i) => (
                  <td key={COMPARISON_COLUMNS[i + 1]}>{cell}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      {/* Below the table, not a row of it: the table scrolls sideways on a phone, and a link must not be cut off. */}
      <p className={styles['compare__note']}>
        More books than Elite Strut lists? Ask us about an <strong>Infinite Strut</strong> plan for a large
        catalogue: <Link to={paths.contact}>contact us</Link>.
      </p>
    </div>
  )
}
