import { render, screen } from '@testing-library/react'
import { fromWireScores } from '@bookstrut/schemas'
import { describe, expect, it } from 'vitest'
import { StrutScore } from './strut-score'

// "119.05 incl. bonus +9.41" beside 0-100 idea bars read as a mistake: the total says what it is out of, and
// explains itself with its own figures where it is shown (on hover, on keyboard focus, and to screen readers).

const strut = fromWireScores({
  hellaScore: 119.05,
  ideaScore: [
    { 'a boy wizard': 41.2 },
    { 'a school of magic': 49.62 },
    { 'a dark lord': 18.82 },
    { bonusScore: 9.41 },
  ],
})

describe('a result’s Strut score', () => {
  it('shows the total out of 350 with its bonus, and explains the sum in a tooltip tied to it', () => {
    render(<StrutScore strut={strut} />)
    expect(screen.getByText('119.05').closest('[data-testid="strut-total"]')).toHaveTextContent(
      /^Strut score total 119\.05$/,
    )
    expect(screen.getByText('/ 350')).toBeInTheDocument()
    const tip = screen.getByRole('tooltip')
    expect(tip).toHaveTextContent(
      '119.05 = 41.20 + 49.62 + 18.82 (your three ideas, 0–100 each) + 9.41 bonus (half the weakest idea’s ' +
        'score, so books that cover all three rank first). At most 350.',
    )
    // The total is focusable and described by the explanation, so it is not for pointer users only.
    const head = tip.parentElement
    expect(head).toHaveAttribute('tabindex', '0')
    expect(head).toHaveAttribute('aria-describedby', tip.id)
    expect(head).toHaveTextContent('incl. bonus +9.41')
  })
})
