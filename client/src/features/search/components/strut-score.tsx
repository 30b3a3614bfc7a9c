import { HoverInfo } from '@/components/ui/hover-info'
import { Icon } from '@/components/ui/icon'
import type { LabelledStrutScores } from '@bookstrut/schemas'
import { explainTotal, formatScore, MAX_TOTAL, scoreWidth } from '../model/strut-score'
import shared from './search-shared.module.css'
import styles from './strut-score.module.css'
import { stackListClass } from '@/components/ui/stack-list'

/**
 * A result's Strut scores: the total (out of 350, explained with its own figures on hover or focus), the bonus,
 * and one small bar per idea (0-100, 2 decimals) labelled by the idea and coloured as the idea is everywhere on
 * the page, so a reader sees at a glance which ideas a book covers.
 */
export function StrutScore({ strut: { scores, labels } }: { strut: LabelledStrutScores }) {
  return (
    <div className={styles.strut} data-testid="strut-score">
      <HoverInfo className={styles.strut__head} info={explainTotal(scores)}>
        <span className={styles.strut__total} data-testid="strut-total">
          <span className="visually-hidden">Strut score total </span>
          {formatScore(scores.total)}
        </span>
        <span className={styles.strut__max}>/ {MAX_TOTAL}</span>
        <span className={styles.strut__bonus}>
          incl. bonus <strong>+{formatScore(scores.bonus)}</strong>
        </span>
        <Icon name="info" size={14} className={styles.strut__info} />
      </HoverInfo>
      <ul className={`${stackListClass} ${styles.strut__bars}`}>
        {scores.ideas.map((score, i) => (
          <li
            key={i}
            className={`${styles.strut__bar} ${styles[`strut__bar--${i + 1}`] ?? ''}`}
            title={`${labels[i]}: ${formatScore(score)}`}
          >
            <span className={styles.strut__label}>
              <span
                className={`${shared['idea-dot']} ${shared[`idea-dot--${i + 1}`] ?? ''}`}
                aria-hidden="true"
              />
              <span className="visually-hidden">Idea #{i + 1}: </span>
              <span className={styles.strut__idea}>{labels[i]}</span>
            </span>
            <span className={styles.strut__track} aria-hidden="true">
              <span className={styles.strut__fill} style={{ width: scoreWidth(score) }} />
            </span>
            <span className={styles.strut__value} data-testid="strut-value">
              {formatScore(score)}
            </span>
          </li>
        ))}
      </ul>
    </div>
  )
}
