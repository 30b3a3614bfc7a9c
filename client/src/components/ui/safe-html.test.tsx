import { render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { SafeHtml, sanitizeForRender } from './safe-html'

// The render-side pass: rows that reached the database some other way than the sanitizing API stay inert.
describe('sanitizeForRender', () => {
  // HTML as stored, and as it is rendered.
  it.each([
    ['<script>alert(1)</script><p>ok</p>', '<p>ok</p>'],
    ['<img src="x" onerror="alert(1)">', '<img src="x">'],
    ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<p style="width: expression(alert(1))">x</p>', '<p>x</p>'],
    ['<style>p{}</style><p>x</p>', '<p>x</p>'],
    ['<iframe src="https://evil.example"></iframe>', ''],
    ['<form action="/x"><input name="a"></form>', ''],
  ])('renders %s as "%s"', (input, output) => expect(sanitizeForRender(input)).toBe(output))

  it('makes links that open a new tab drop the opener', () => {
    expect(sanitizeForRender('<a href="https://x.example" target="x">x</a>')).toBe(
      '<a href="https://x.example" target="_blank" rel="noopener noreferrer">x</a>',
    )
  })

  it('never runs a stored handler when rendered', () => {
    const w = window as unknown as { hacked?: number }
    const { container } = render(<SafeHtml html={'<img src="x" onerror="window.hacked=1"><b>ok</b>'} />)
    expect(container.querySelector('img')?.getAttribute('onerror')).toBeNull()
    expect(w.hacked).toBeUndefined()
  })
})
