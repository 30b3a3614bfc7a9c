import styles from './spinner.module.css'

// `data-loading` marks every loading indicator (spinners and skeletons) for the layout check, which waits until a
// page shows none (client/e2e/layout.e2e.test.ts).

export function Spinner({
  size = 'md',
  label,
  className,
}: {
  size?: 'sm' | 'md' | 'lg'
  label?: string
  className?: string
}) {
  return (
    <span
      className={`${styles.spinner} ${styles[`spinner--${size}`]}${className ? ` ${className}` : ''}`}
      data-loading=""
      role={label ? 'status' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    />
  )
}

export function PageSpinner({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className={styles['page-spinner']} data-loading="">
      <Spinner size="lg" label={label} />
    </div>
  )
}
