import { useId, useState, type FormEvent } from 'react'
import { useNavigate } from 'react-router-dom'
import { Button } from '@/components/ui/button'
import { paths } from '@/config/paths'
import { readItem, StorageKeys, writeItem } from '@/lib/storage'

export type SearchMode = 'structured' | 'surface'

const readMode = (): SearchMode => (readItem(StorageKeys.searchMode) === 'surface' ? 'surface' : 'structured')

/**
 * The home search box with its two modes (three ideas, or one sentence). The mode is remembered
 * (searchMode). Results arrive with the search issue; for now the terms are handed to /search-book.
 */
export function HeroSearch() {
  const navigate = useNavigate()
  const [mode, setMode] = useState<SearchMode>(readMode)
  const [ideas, setIdeas] = useState(['', '', ''])
  const [query, setQuery] = useState('')
  const tabsId = useId()

  const chooseMode = (next: SearchMode) => {
    setMode(next)
    writeItem(StorageKeys.searchMode, next)
  }

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    void navigate(paths.searchBook, {
      state:
        mode === 'structured'
          ? { mode, firstField: ideas[0], secondField: ideas[1], thirdField: ideas[2] }
          : { mode, query },
    })
  }

  const placeholders = [
    'A young engineer rebuilds her hometown after a flood',
    'An unlikely friendship between rival chess players',
    'Family secrets slowly revealed across three generations',
  ]

  return (
    <form className="hero-search" onSubmit={handleSubmit} aria-label="Search books by idea">
      <div className="segmented" role="radiogroup" aria-label="Search mode" id={tabsId}>
        <button
          type="button"
          role="radio"
          aria-checked={mode === 'structured'}
          className="segmented__option"
          onClick={() => chooseMode('structured')}
        >
          Three ideas
        </button>
        <button
          type="button"
          role="radio"
          aria-checked={mode === 'surface'}
          className="segmented__option"
          onClick={() => chooseMode('surface')}
        >
          One sentence
        </button>
      </div>
      {mode === 'structured' ? (
        <div className="hero-search__ideas">
          {ideas.map((idea, index) => (
            <label key={index} className="idea-input">
              <span className="idea-input__label">Idea #{index + 1}</span>
              <input
                className="idea-input__control"
                value={idea}
                placeholder={placeholders[index]}
                onChange={(e) => setIdeas((list) => list.map((v, i) => (i === index ? e.target.value : v)))}
              />
            </label>
          ))}
          <p className="hero-search__guide">Each idea is one sentence of about 7–12 words.</p>
        </div>
      ) : (
        <div className="hero-search__ideas">
          <label className="idea-input">
            <span className="idea-input__label">Describe it</span>
            <input
              className="idea-input__control"
              value={query}
              placeholder="A cosy mystery set in a seaside bookshop with a talking cat"
              onChange={(e) => setQuery(e.target.value)}
            />
          </label>
          <p className="hero-search__guide">One sentence of up to 24 words.</p>
        </div>
      )}
      <Button type="submit" size="lg" block>
        Strut my search
      </Button>
    </form>
  )
}
