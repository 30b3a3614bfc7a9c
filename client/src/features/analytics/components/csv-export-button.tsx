import type { SeriesPoint } from '@bookstrut/schemas'
import type { Period } from '../model/periods'
import { csvFileName, seriesCsv } from '../model/series-csv'
import { buttonClass } from '@/components/ui/button'
import styles from './csv-export-button.module.css'
import { iconClass } from '@/components/ui/icon'

/** Saves text as a file in the browser: a Blob behind a temporary object URL, released once clicked. */
function download(fileName: string, text: string, type: string) {
  const url = URL.createObjectURL(new Blob([text], { type }))
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.rel = 'noopener'
  document.body.append(link)
  link.click()
  link.remove()
  // Some browsers start the download after the click handler returns: release the URL a moment later.
  setTimeout(() => URL.revokeObjectURL(url), 1_000)
}

/** Exports the series shown (the selected period) as CSV, made in the browser from what the panel holds. */
export function CsvExportButton({
  points,
  title,
  period,
  disabled,
}: {
  points: readonly SeriesPoint[]
  title: string
  period: Period
  disabled: boolean
}) {
  return (
    <button
      type="button"
      className={buttonClass({ variant: 'secondary', size: 'sm', className: styles.analytics__export })}
      disabled={disabled}
      onClick={() =>
        download(csvFileName(title, period, new Date()), seriesCsv(points), 'text/csv;charset=utf-8')
      }
    >
      <svg viewBox="0 0 24 24" width={14} height={14} aria-hidden="true" className={iconClass}>
        <path
          d="M12 4v12M7 11l5 5 5-5M5 20h14"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.9"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span>Export CSV</span>
    </button>
  )
}
