import { useId, useState, type FormEvent } from 'react'
import { toast } from 'sonner'
import { Button, linkButtonClass } from '@/components/ui/button'
import { Modal } from '@/components/ui/modal'
import { Spinner } from '@/components/ui/spinner'
import { GENERIC_ERROR } from '@/lib/api-client'
import { useReportTypes } from '../api/get-report-types'
import { useReportBook } from '../api/report-book'
import { failureMessage, REPORT_MESSAGES } from '../model/messages'
import type { ResultRow } from '../model/result-row'
import styles from './report-dialog.module.css'
import { form } from '@/components/ui/form'
import { FormError } from '@/components/ui/form-error'

export const REPORT_TITLE = 'Report Violation'

/** The Report Violation dialog: choose one of the report types, send; "Report sent successfully". */
export function ReportDialog({
  row,
  userId,
  onClose,
}: {
  row: ResultRow
  userId: string
  onClose: () => void
}) {
  const types = useReportTypes(true)
  const report = useReportBook()
  const [choice, setChoice] = useState('')
  const [error, setError] = useState('')
  const errorId = useId()

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!choice) {
      setError(REPORT_MESSAGES.chooseType)
      return
    }
    report.mutate(
      { userId, reportTypeId: choice, bookId: row._id, episodeId: row.episodes[0]?._id },
      {
        onSuccess: () => {
          toast.success(REPORT_MESSAGES.success)
          onClose()
        },
        onError: (e) => toast.error(failureMessage(e, GENERIC_ERROR)),
      },
    )
  }

  return (
    <Modal
      open
      onClose={report.isPending ? () => undefined : onClose}
      dismissible={!report.isPending}
      title={REPORT_TITLE}
      description={`What is wrong with “${row.title}”?`}
      size="sm"
    >
      <form className="stack" onSubmit={handleSubmit} noValidate>
        {types.isPending ? (
          <div className={styles['report-types__loading']}>
            <Spinner label="Loading report types" />
          </div>
        ) : types.isError ? (
          <div className={form.alert} role="alert">
            {failureMessage(types.error, GENERIC_ERROR)}{' '}
            <button type="button" className={linkButtonClass()} onClick={() => void types.refetch()}>
              Try again
            </button>
          </div>
        ) : (
          <fieldset
            className={styles['report-types']}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          >
            <legend className={form.label}>Report type</legend>
            {types.data.map((type) => (
              <label
                key={type._id}
                className={`${styles['report-type']}${choice === type._id ? ` ${styles['report-type--on']}` : ''}`}
              >
                <input
                  type="radio"
                  name="reportType"
                  value={type._id}
                  checked={choice === type._id}
                  onChange={() => {
                    setChoice(type._id)
                    setError('')
                  }}
                />
                <span>{type.type}</span>
              </label>
            ))}
          </fieldset>
        )}
        <FormError id={errorId}>{error}</FormError>
        <div className={form.buttonPair}>
          <Button variant="ghost" onClick={onClose} disabled={report.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" loading={report.isPending} disabled={!types.isSuccess}>
            Send report
          </Button>
        </div>
      </form>
    </Modal>
  )
}
