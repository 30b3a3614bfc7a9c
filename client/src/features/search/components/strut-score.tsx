import { formatScore, scoreWidth, type StrutScores } from '../model/strut-score'

/**
 * A result's Strut scores: the total, the bonus, and one small bar per idea (0-100, 2 decimals) labelled by the
 * idea and coloured as the idea is everywhere on the page, so a reader sees at a glance which ideas a book covers.
 */
export function StrutScore({ strut }: { strut: StrutScores }) {
  return (
    <div className="strut">
      <p className="strut__head">
        <span className="strut__total">
          <span className="visually-hidden">Strut score total </span>
          {formatScore(strut.total)}
        </span>
        <span className="strut__bonus">
          incl. bonus <strong>+{formatScore(strut.bonus)}</strong>
        </span>
      </p>
      <ul className="strut__bars">
        {strut.ideas.map((idea, i) => (
          <li
            key={i}
            className={`strut__bar strut__bar--${i + 1}`}
            title={`${idea.label}: ${formatScore(idea.score)}`}
          >
            <span className="strut__label">
              <span className={`idea-dot idea-dot--${i + 1}`} aria-hidden="true" />
              <span className="visually-hidden">Idea #{i + 1}: </span>
              <span className="strut__idea">{idea.label}</span>
            </span>
            <span className="strut__track" aria-hidden="true">
              <span className="strut__fill" style={{ width: scoreWidth(idea.score) }} />
            </span>
            <span className="strut__value">{formatScore(idea.score)}</span>
          </li>
        ))}
      </ul>
    </div>
  )
}
