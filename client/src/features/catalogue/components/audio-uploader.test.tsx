import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { AudioUploader } from './audio-uploader'

// The chosen podblurb's size is written for people: a 40 KB MP3 read "0.0 MB".

function chosen(bytes: number, duration: number | null) {
  const file = new File([new Uint8Array(bytes)], 'blurb.mp3', { type: 'audio/mpeg' })
  render(
    <AudioUploader
      file={file}
      duration={duration}
      currentDuration={null}
      hasCurrent={false}
      onChange={() => {}}
      onError={() => {}}
    />,
  )
  return screen.getByText('blurb.mp3').nextElementSibling?.textContent
}

describe('the chosen podblurb', () => {
  it('shows a 40 KB file as 40 KB, with its length', () => {
    expect(chosen(40 * 1024, 10)).toBe('00:10 · 40 KB')
  })

  it('shows a 1.4 MB file as 1.4 MB, and an unknown length as such', () => {
    expect(chosen(Math.round(1.4 * 1024 * 1024), null)).toBe('Length unknown · 1.4 MB')
  })
})
