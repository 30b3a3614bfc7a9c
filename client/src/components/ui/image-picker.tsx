import { useEffect, useRef, useState, type ReactNode } from 'react'
import { IMAGE_TYPES, isImageType, type ImageKind } from '@bookstrut/schemas'
import { CROP_SHAPES, imageFileError } from '@/lib/image-rules'
import { CropDialog } from './crop-dialog'
import styles from './image-picker.module.css'
import { linkButtonClass } from './button'

/** A preview URL for a File, revoked when the file changes or the component goes. */
export function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null)
  useEffect(() => {
    if (!file) return
    const next = URL.createObjectURL(file)
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the URL exists only while the effect does
    setUrl(next)
    return () => {
      URL.revokeObjectURL(next)
      setUrl(null)
    }
  }, [file])
  return file ? url : null
}

export interface ImageChooserOptions {
  kind: ImageKind
  /** Names the file input and the crop dialog, e.g. "Book cover". */
  label: string
  onChange: (file: File) => void
  /** A file of the wrong type or size: the message to show. */
  onInvalid?: ((message: string) => void) | undefined
  disabled?: boolean | undefined
  cropTitle?: string | undefined
}

/**
 * Choosing an image: a hidden file input (images only) and, once a file is chosen, the crop dialog; the
 * cropped PNG is handed to `onChange`. Wrong types are refused before cropping; sizes are checked on the crop.
 * Render `elements` somewhere and call `open()` from a button.
 */
export function useImageChooser({
  kind,
  label,
  onChange,
  onInvalid,
  disabled,
  cropTitle,
}: ImageChooserOptions) {
  const inputRef = useRef<HTMLInputElement>(null)
  const [pending, setPending] = useState<{ url: string; name: string } | null>(null)

  const closeCrop = () => {
    if (pending) URL.revokeObjectURL(pending.url)
    setPending(null)
  }

  const choose = (chosen: File | undefined) => {
    if (inputRef.current) inputRef.current.value = ''
    if (!chosen) return
    if (!isImageType(chosen.type)) {
      onInvalid?.(imageFileError(chosen, kind) ?? '')
      return
    }
    setPending({ url: URL.createObjectURL(chosen), name: chosen.name })
  }

  const elements = (
    <>
      <input
        ref={inputRef}
        type="file"
        accept={IMAGE_TYPES.join(',')}
        className="visually-hidden"
        tabIndex={-1}
        disabled={disabled}
        aria-label={`${label} file`}
        onChange={(e) => choose(e.target.files?.[0])}
      />
      {pending && (
        <CropDialog
          src={pending.url}
          fileName={pending.name}
          kind={kind}
          title={cropTitle ?? `Crop ${label.toLowerCase()}`}
          onCancel={closeCrop}
          onCropped={(cropped) => {
            closeCrop()
            const problem = imageFileError(cropped, kind)
            if (problem) onInvalid?.(problem)
            else onChange(cropped)
          }}
        />
      )}
    </>
  )
  return { open: () => inputRef.current?.click(), elements }
}

export interface ImagePickerProps {
  kind: ImageKind
  /** Accessible name of the picker, e.g. "Book cover". */
  label: string
  /** The picture shown before a new one is chosen (current cover, profile image…). */
  currentUrl?: string | null | undefined
  /** The newly chosen, cropped file (null when none). */
  file: File | null
  onChange: (file: File | null) => void
  onInvalid?: (message: string) => void
  disabled?: boolean
  error?: string | undefined
  /** What the empty tile says. */
  placeholder?: ReactNode
  cropTitle?: string
}

/** An image tile: choosing a file opens the crop dialog; the cropped PNG becomes the value. */
export function ImagePicker({
  kind,
  label,
  currentUrl,
  file,
  onChange,
  onInvalid,
  disabled = false,
  error,
  placeholder,
  cropTitle,
}: ImagePickerProps) {
  const preview = useObjectUrl(file)
  const shown = preview ?? currentUrl ?? null
  const chooser = useImageChooser({ kind, label, onChange, onInvalid, disabled, cropTitle })

  return (
    <div
      className={`${styles['image-picker']} ${styles[`image-picker--${kind}`] ?? ''}${error ? ` ${styles['image-picker--invalid']}` : ''}`}
    >
      {chooser.elements}
      <button
        type="button"
        className={styles['image-picker__tile']}
        style={{ aspectRatio: String(CROP_SHAPES[kind].aspect) }}
        onClick={chooser.open}
        disabled={disabled}
        aria-label={shown ? `Change ${label.toLowerCase()}` : `Choose ${label.toLowerCase()}`}
        aria-invalid={error ? true : undefined}
      >
        {shown ? (
          <img src={shown} alt="" className={styles['image-picker__img']} />
        ) : (
          <span className={styles['image-picker__empty']}>
            <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true">
              <path
                d="M4 16l4-4 3 3 5-5 4 4M4 5h16v14H4z"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.8"
                strokeLinejoin="round"
              />
            </svg>
            {/* The words shown are the button's name (WCAG 2.5.3). */}
            {placeholder ?? `Choose ${label.toLowerCase()}`}
          </span>
        )}
        {!disabled && shown && <span className={styles['image-picker__change']}>Change</span>}
      </button>
      {file && !disabled && (
        <button
          type="button"
          className={linkButtonClass(styles['image-picker__remove'])}
          onClick={() => onChange(null)}
        >
          Remove new {label.toLowerCase()}
        </button>
      )}
    </div>
  )
}
