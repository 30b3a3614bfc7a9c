import { useId, useState, type FormEvent, type KeyboardEvent } from 'react'
import { useNavigate } from 'react-router-dom'
import { MAX_IDEA_LENGTH } from '@bookstrut/schemas'
import { useAutoGrow } from '@/components/ui/auto-grow-textarea'
import { Button } from '@/components/ui/button'
import { Icon } from '@/components/ui/icon'
import { paths } from '@/config/paths'
import {
  IDEA_LABELS,
  ideaWordGuide,
  normalizeTerms,
  readSearchBoxMode,
  rememberSearchBoxMode,
  SEARCH_MESSAGES,
  sameTerms,
  sentenceWordGuide,
  termsToSearchParams,
  termsToState,
  validateSearch,
  type SearchBoxMode,
  type SearchProblem,
  type SearchTerms,
  type WordGuide,
} from '../model/search-terms'
import styles from './search-form.module.css'
import shared from './search-shared.module.css'
import { form } from '@/components/ui/form'

const ideaPlaceholders = [
  'A young engineer rebuilds her hometown after a flood',
  'An unlikely friendship between rival chess players',
  'Family secrets slowly revealed across three generations',
] as const

export interface SearchFormProps {
  /** hero: the home page's box; refine: the box above the results (a row on wide screens). */
  variant?: 'hero' | 'refine'
  /** The terms of the results on screen: searching them again says "No changes detected in search terms." */
  current?: SearchTerms | null
  /** What the boxes start with (default: `current`), e.g. incomplete terms from the address to fix. */
  initial?: SearchTerms | null
  /**
   * Runs before the search (the blocked check: the user is refreshed first). False stops the search; a blocked
   * account then sees its notice instead of results.
   */
  beforeSearch?: () => Promise<boolean>
}

type Notice = SearchProblem & { tone: 'error' | 'info' }

/** An idea box grows to about four lines, then scrolls. */
/** The search box's two modes with their labels, in the order shown. */
const MODE_LABELS: readonly (readonly [SearchBoxMode, string])[] = [
  ['structured', 'Three ideas'],
  ['surface', 'One sentence'],
]

const IDEA_INPUT_MAX_PX = 96

/**
 * The search box with its two modes: three ideas (structured) or one sentence (surface). The mode is
 * remembered (searchMode). Each input counts its words (an idea has no length to aim for, the sentence up to 24:
 * search-terms.ts). Valid terms go to /search-book, as navigation state and in the query string.
 */
export function SearchForm({
  variant = 'hero',
  current = null,
  initial = current,
  beforeSearch,
}: SearchFormProps) {
  const navigate = useNavigate()
  const [mode, setMode] = useState<SearchBoxMode>(() => initial?.mode ?? readSearchBoxMode())
  const [ideas, setIdeas] = useState<[string, string, string]>(() =>
    initial?.mode === 'structured' ? [...initial.ideas] : ['', '', ''],
  )
  const [query, setQuery] = useState(initial?.mode === 'surface' ? initial.query : '')
  const [notice, setNotice] = useState<Notice | null>(null)
  const [checking, setChecking] = useState(false)
  const noticeId = useId()

  const chooseMode = (next: SearchBoxMode) => {
    setMode(next)
    setNotice(null)
    rememberSearchBoxMode(next)
  }

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = event.currentTarget
    const terms: SearchTerms = mode === 'structured' ? { mode, ideas } : { mode, query }
    const problem = validateSearch(terms)
    if (problem) {
      setNotice({ ...problem, tone: 'error' })
      setTimeout(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), 0)
      return
    }
    if (current && sameTerms(current, terms)) {
      setNotice({ message: SEARCH_MESSAGES.unchanged, fields: [], tone: 'info' })
      return
    }
    setNotice(null)
    if (beforeSearch) {
      setChecking(true)
      const allowed = await beforeSearch().finally(() => setChecking(false))
      if (!allowed) return
    }
    const clean = normalizeTerms(terms)
    void navigate(
      { pathname: paths.searchBook, search: `?${termsToSearchParams(clean).toString()}` },
      { state: termsToState(clean) },
    )
  }

  const invalid = (i: number) => notice?.tone === 'error' && notice.fields.includes(i)
  const describedBy = notice ? noticeId : undefined

  return (
    <form
      className={`${styles['search-form']} ${styles[`search-form--${variant}`]}`}
      onSubmit={(e) => void handleSubmit(e)}
      aria-label={variant === 'hero' ? 'Search books by idea' : 'Refine your search'}
      noValidate
    >
      <div
        className={`${styles.segmented} ${styles['search-form__modes']}`}
        role="radiogroup"
        aria-label="Search mode"
      >
        {MODE_LABELS.map(([choice, label]) => (
          <button
            key={choice}
            type="button"
            role="radio"
            aria-checked={mode === choice}
            className={styles.segmented__option}
            onClick={() => chooseMode(choice)}
          >
            {label}
          </button>
        ))}
      </div>
      {mode === 'structured' ? (
        <div className={`${styles['search-form__fields']} ${styles['search-form__fields--ideas']}`}>
          {ideas.map((idea, index) => (
            <IdeaInput
              key={index}
              number={index + 1}
              label={IDEA_LABELS[index] ?? `Idea #${index + 1}`}
              value={idea}
              placeholder={ideaPlaceholders[index] ?? ''}
              guide={ideaWordGuide(idea)}
              invalid={invalid(index)}
              describedBy={describedBy}
              onChange={(value) => {
                setIdeas((list) => list.map((v, i) => (i === index ? value : v)) as [string, string, string])
                if (notice) setNotice(null)
              }}
            />
          ))}
        </div>
      ) : (
        <div className={styles['search-form__fields']}>
          <IdeaInput
            label="Describe it"
            value={query}
            placeholder="A cosy mystery set in a seaside bookshop with a talking cat"
            guide={sentenceWordGuide(query)}
            invalid={invalid(0)}
            describedBy={describedBy}
            onChange={(value) => {
              setQuery(value)
              if (notice) setNotice(null)
            }}
          />
        </div>
      )}
      {notice && (
        <p
          id={noticeId}
          className={`${form.alert} ${styles['search-form__notice']}${notice.tone === 'info' ? ` ${form.alertInfo}` : ''}`}
          role="alert"
        >
          {notice.message}
          {notice.detail && <span className={styles['search-form__detail']}> {notice.detail}</span>}
        </p>
      )}
      <div className={styles['search-form__submit']}>
        <Button type="submit" size="lg" block loading={checking}>
          <Icon name="search" size={18} />
          {variant === 'hero' ? 'Strut my search' : 'Search again'}
        </Button>
      </div>
      <p className={styles['search-form__guide']}>
        {mode === 'structured'
          ? 'Three different ideas, a few words or a sentence each: together they find a book nearly twice as often as one.'
          : 'One sentence of up to 24 words: ideas, a title or an author.'}
      </p>
    </form>
  )
}

function IdeaInput({
  number,
  label,
  value,
  placeholder,
  guide,
  invalid,
  describedBy,
  onChange,
}: {
  /** 1-3 for the ideas: the colour the results use for that idea. */
  number?: number
  label: string
  value: string
  placeholder: string
  guide: WordGuide
  invalid: boolean
  describedBy: string | undefined
  onChange: (value: string) => void
}) {
  const id = useId()
  // Grows with the text (an idea wraps instead of scrolling out of sight), up to a few lines.
  const ref = useAutoGrow(value, IDEA_INPUT_MAX_PX)
  // One sentence per box: Enter searches, as in a one-line field.
  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return
    event.preventDefault()
    event.currentTarget.form?.requestSubmit()
  }
  return (
    <div className={`${styles['idea-input']}${invalid ? ` ${styles['idea-input--invalid']}` : ''}`}>
      <div className={styles['idea-input__head']}>
        <label htmlFor={id} className={styles['idea-input__label']}>
          {number && (
            <span
              className={`${shared['idea-dot']} ${shared[`idea-dot--${number}`] ?? ''}`}
              aria-hidden="true"
            />
          )}
          {label}
        </label>
        <span
          id={`${id}-words`}
          className={`${styles['word-guide']} ${styles[`word-guide--${guide.tone}`] ?? ''}`}
          data-tone={guide.tone}
        >
          {guide.text}
        </span>
      </div>
      <textarea
        ref={ref}
        id={id}
        rows={1}
        className={styles['idea-input__control']}
        value={value}
        placeholder={placeholder}
        maxLength={MAX_IDEA_LENGTH}
        autoComplete="off"
        enterKeyHint="search"
        aria-invalid={invalid || undefined}
        aria-describedby={[`${id}-words`, describedBy].filter(Boolean).join(' ')}
        onKeyDown={handleKeyDown}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  )
}
