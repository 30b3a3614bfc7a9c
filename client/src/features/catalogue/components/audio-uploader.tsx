import { useId, useRef, useState } from 'react'
import { Icon } from '@/components/ui/icon'
import { Spinner } from '@/components/ui/spinner'
import { formatDuration, formatFileSize } from '@/lib/format'
import { audioError } from '../model/listing-rules'
import styles from './audio-uploader.module.css'
import { buttonClass } from '@/components/ui/button'
import { form } from '@/components/ui/form'

/** Reads an audio file's length in the browser with an Audio element; null when it cannot be read. */
export function readAudioDuration(file: File, timeoutMs = 10_000): Promise<number | null> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file)
    const audio = new Audio()
    const finish = (value: number | null) => {
      clearTimeout(timer)
      audio.removeAttribute('src')
      URL.revokeObjectURL(url)
      resolve(value)
    }
    const timer = setTimeout(() => finish(null), timeoutMs)
    audio.preload = 'metadata'
    audio.onloadedmetadata = () => finish(Number.isFinite(audio.duration) ? audio.duration : null)
    audio.onerror = () => finish(null)
    audio.src = url
  })
}

/**
 * The podblurb uploader: MP3 only, at most 7 MB and 5 minutes (checked here by reading the file's
 * duration; the server checks again).
 */
export function AudioUploader({
  file,
  duration,
  currentDuration,
  hasCurrent,
  onChange,
  error,
  onError,
  disabled,
}: {
  file: File | null
  duration: number | null
  /** Length of the podblurb already stored (edit mode). */
  currentDuration: number | null
  hasCurrent: boolean
  onChange: (file: File | null, duration: number | null) => void
  error?: string | undefined
  onError: (message: string | undefined) => void
  disabled?: boolean
}) {
  const id = useId()
  const inputRef = useRef<HTMLInputElement>(null)
  const [reading, setReading] = useState(false)

  const choose = async (chosen: File | undefined) => {
    if (inputRef.current) inputRef.current.value = ''
    if (!chosen) return
    const early = audioError(chosen, null)
    if (early) {
      onError(early)
      return
    }
    setReading(true)
    const seconds = await readAudioDuration(chosen)
    setReading(false)
    const problem = audioError(chosen, seconds)
    if (problem) {
      onError(problem)
      return
    }
    onError(undefined)
    onChange(chosen, seconds)
  }

  return (
    <div className={`${form.field}${error ? ` ${form.invalid} ${styles['audio-uploader--invalid']}` : ''}`}>
      <span className={form.label} id={`${id}-label`}>
        Podblurb (MP3)
      </span>
      <div className={styles['audio-uploader__box']}>
        <span className={styles['audio-uploader__icon']} aria-hidden="true">
          <Icon name="music" size={22} />
        </span>
        <div className={styles['audio-uploader__text']}>
          {file ? (
            <>
              <strong className={styles['break-all']}>{file.name}</strong>
              <span className="muted">
                {duration !== null ? formatDuration(duration) : 'Length unknown'} ·{' '}
                {formatFileSize(file.size)}
              </span>
            </>
          ) : hasCurrent ? (
            <>
              <strong>Current podblurb</strong>
              <span className="muted">{formatDuration(currentDuration)} · choose a file to replace it</span>
            </>
          ) : (
            <>
              <strong>Upload an MP3 podblurb</strong>
              <span className="muted">MP3 only, up to 7 MB and 5 minutes</span>
            </>
          )}
        </div>
        <input
          ref={inputRef}
          type="file"
          accept="audio/mpeg,.mp3"
          className="visually-hidden"
          tabIndex={-1}
          aria-labelledby={`${id}-label`}
          disabled={disabled || reading}
          onChange={(e) => void choose(e.target.files?.[0])}
        />
        <div className={styles['audio-uploader__actions']}>
          {reading && <Spinner size="sm" label="Reading the audio file" />}
          <button
            type="button"
            className={buttonClass({ variant: 'secondary', size: 'sm' })}
            onClick={() => inputRef.current?.click()}
            disabled={disabled || reading}
            aria-describedby={error ? `${id}-error` : undefined}
          >
            <Icon name="upload" size={16} />
            <span>{file || hasCurrent ? 'Replace MP3' : 'Choose MP3'}</span>
          </button>
          {file && (
            <button
              type="button"
              className={buttonClass({ variant: 'ghost', size: 'sm' })}
              onClick={() => onChange(null, null)}
              disabled={disabled}
            >
              <span>Remove</span>
            </button>
          )}
        </div>
      </div>
      {error && (
        <p className={form.error} id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </div>
  )
}
