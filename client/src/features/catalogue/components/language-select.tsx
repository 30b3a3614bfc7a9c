import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react'
import { Icon } from '@/components/ui/icon'
import { filterLanguages, languageLabel, languageOptions } from '../model/languages'
import styles from './language-select.module.css'
import { form } from '@/components/ui/form'

/**
 * Language: a searchable, clearable dropdown (ARIA combobox with a listbox). Typing filters by name or code;
 * arrows move, Enter chooses, Escape closes; the × button clears the choice.
 */
export function LanguageSelect({
  value,
  onChange,
  disabled,
  error,
}: {
  value: string
  onChange: (code: string) => void
  disabled?: boolean
  error?: string | undefined
}) {
  const id = useId()
  const listId = `${id}-list`
  const options = useMemo(() => languageOptions(), [])
  const [open, setOpen] = useState(false)
  const [query, setQuery] = useState('')
  const [active, setActive] = useState(0)
  const inputRef = useRef<HTMLInputElement>(null)
  const shown = useMemo(() => filterLanguages(options, query), [options, query])
  const selectedLabel = value ? languageLabel(value) : ''

  const choose = (code: string) => {
    onChange(code)
    setOpen(false)
    setQuery('')
  }

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault()
      if (!open) setOpen(true)
      setActive((a) => Math.min(a + 1, shown.length - 1))
    } else if (e.key === 'ArrowUp') {
      e.preventDefault()
      setActive((a) => Math.max(a - 1, 0))
    } else if (e.key === 'Enter') {
      if (!open) return
      e.preventDefault()
      const option = shown[active]
      if (option) choose(option.code)
    } else if (e.key === 'Escape' && open) {
      e.stopPropagation()
      setOpen(false)
      setQuery('')
    }
  }

  const activeOption = open ? shown[active] : undefined
  return (
    <div
      className={`${form.field} ${styles.combo}${error ? ` ${form.invalid} ${styles['combo--invalid']}` : ''}`}
    >
      <label className={form.label} htmlFor={id}>
        Language
      </label>
      <div className={styles.combo__control}>
        <input
          ref={inputRef}
          id={id}
          className={`${form.input} ${styles.combo__input}`}
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={activeOption ? `${id}-${activeOption.code}` : undefined}
          aria-invalid={error ? true : undefined}
          autoComplete="off"
          placeholder={selectedLabel || 'Search a language'}
          value={open ? query : selectedLabel}
          disabled={disabled}
          onFocus={() => {
            setOpen(true)
            setActive(
              Math.max(
                0,
                shown.findIndex((o) => o.code === value),
              ),
            )
          }}
          onBlur={() => {
            setOpen(false)
            setQuery('')
          }}
          onChange={(e) => {
            setQuery(e.target.value)
            setActive(0)
            setOpen(true)
          }}
          onKeyDown={onKeyDown}
        />
        {value && !disabled && (
          <button
            type="button"
            className={styles.combo__clear}
            aria-label="Clear language"
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => {
              onChange('')
              inputRef.current?.focus()
            }}
          >
            <Icon name="close" size={16} />
          </button>
        )}
      </div>
      <ul id={listId} role="listbox" aria-label="Languages" className={styles.combo__list} hidden={!open}>
        {shown.length === 0 && <li className={styles.combo__empty}>No language found</li>}
        {shown.map((o, i) => (
          <li
            key={o.code}
            id={`${id}-${o.code}`}
            role="option"
            aria-selected={o.code === value}
            className={`${styles.combo__option}${i === active ? ` ${styles['combo__option--active']}` : ''}`}
            // mousedown keeps the focus in the input, so blur does not close the list before the click.
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => choose(o.code)}
          >
            <span>{o.label}</span>
            <span className={styles.combo__code}>{o.code}</span>
          </li>
        ))}
      </ul>
      {error && (
        <p className={form.error} role="alert">
          {error}
        </p>
      )}
    </div>
  )
}
