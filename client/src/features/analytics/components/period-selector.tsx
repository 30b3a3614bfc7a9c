import { PERIODS, periodLabels, type Period } from '../model/periods'
import styles from './period-selector.module.css'

/** 24 h / 7 d / 30 d / 90 d as a row of toggle buttons (one pressed). */
export function PeriodSelector({ value, onChange }: { value: Period; onChange: (period: Period) => void }) {
  return (
    <div className={styles['period-selector']} role="group" aria-label="Period">
      {PERIODS.map((period) => (
        <button
          key={period}
          type="button"
          className={styles['period-selector__option']}
          aria-pressed={period === value}
          aria-label={periodLabels[period].long}
          onClick={() => onChange(period)}
        >
          {periodLabels[period].short}
        </button>
      ))}
    </div>
  )
}
