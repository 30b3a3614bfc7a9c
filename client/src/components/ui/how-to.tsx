import { useId } from 'react'
import styles from './how-to.module.css'
import { stackListClass } from './stack-list'
import { chipClass } from './chip'

export interface HowToStep {
  title: string
  text: string
}

/** The guide as schema.org HowTo structured data (JSON-LD), for the page's usePageMeta. */
export const howToStructuredData = (name: string, minutes: number, steps: readonly HowToStep[]) => ({
  '@type': 'HowTo',
  name,
  totalTime: `PT${minutes}M`,
  step: steps.map((s, i) => ({ '@type': 'HowToStep', position: i + 1, name: s.title, text: s.text })),
})

/** A short how-to guide: total time, difficulty and numbered steps. */
export function HowTo({
  title,
  minutes,
  difficulty = 'Easy',
  steps,
}: {
  title: string
  minutes: number
  difficulty?: string
  steps: readonly HowToStep[]
}) {
  const id = useId()
  return (
    <section className={styles['how-to']} aria-labelledby={id}>
      <h2 id={id} className={styles['how-to__title']}>
        {title}
      </h2>
      <p className={styles['how-to__meta']}>
        <span className={chipClass}>
          <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true">
            <path
              d="M12 7v5l3 2M12 3a9 9 0 100 18 9 9 0 000-18z"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            />
          </svg>
          {minutes} {minutes === 1 ? 'minute' : 'minutes'}
        </span>
        <span className={chipClass}>Difficulty: {difficulty}</span>
      </p>
      <ol className={`${stackListClass} ${styles['how-to__steps']}`}>
        {steps.map((step, i) => (
          <li key={step.title} className={styles['how-to__step']}>
            <span className={styles['how-to__number']} aria-hidden="true">
              {i + 1}
            </span>
            <div>
              <h3 className={styles['how-to__step-title']}>{step.title}</h3>
              <p className={styles['how-to__step-text']}>{step.text}</p>
            </div>
          </li>
        ))}
      </ol>
    </section>
  )
}
