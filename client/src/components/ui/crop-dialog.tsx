import { useCallback, useState } from 'react'
import Cropper, { type Area, type Point } from 'react-easy-crop'
import { cropToPng } from '@/lib/crop-image'
import { IMAGE_RULES, type ImageKind } from '@bookstrut/schemas'
import { CROP_SHAPES } from '@/lib/image-rules'
import { Button } from './button'
import { Modal } from './modal'
import styles from './crop-dialog.module.css'
import { form } from './form'
import { FormError } from './form-error'

export interface CropDialogProps {
  /** Object URL of the chosen file. */
  src: string
  fileName: string
  kind: ImageKind
  title: string
  onCancel: () => void
  /** The cropped picture as a PNG file. */
  onCropped: (file: File) => void
}

/**
 * Crop dialog shown after an image is chosen (cover 3:4, author and profile 1:1, banner about 2.86:1). Drag
 * to move, zoom with the slider or the wheel; Save exports the crop as PNG and closes.
 */
export function CropDialog({ src, fileName, kind, title, onCancel, onCropped }: CropDialogProps) {
  const rule = IMAGE_RULES[kind]
  const shape = CROP_SHAPES[kind]
  const [crop, setCrop] = useState<Point>({ x: 0, y: 0 })
  const [zoom, setZoom] = useState(1)
  const [area, setArea] = useState<Area | null>(null)
  const [saving, setSaving] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const onCropComplete = useCallback((_: Area, pixels: Area) => setArea(pixels), [])

  const save = async () => {
    if (!area) return
    setSaving(true)
    setError(null)
    try {
      onCropped(await cropToPng(src, area, { maxWidth: rule.maxWidth, maxBytes: rule.maxBytes, fileName }))
    } catch (e) {
      setError(e instanceof Error ? e.message : 'The image could not be saved.')
      setSaving(false)
    }
  }

  return (
    <Modal open onClose={onCancel} title={title} size={kind === 'banner' ? 'lg' : 'md'}>
      <div className="stack">
        <div className={`${styles['crop-area']} ${styles[`crop-area--${kind}`] ?? ''}`}>
          <Cropper
            image={src}
            crop={crop}
            zoom={zoom}
            aspect={shape.aspect}
            cropShape={shape.round ? 'round' : 'rect'}
            showGrid={!shape.round}
            onCropChange={setCrop}
            onZoomChange={setZoom}
            onCropComplete={onCropComplete}
          />
        </div>
        <label className={styles['crop-zoom']}>
          <span>Zoom</span>
          <input
            type="range"
            min={1}
            max={3}
            step={0.05}
            value={zoom}
            onChange={(e) => setZoom(Number(e.target.value))}
          />
        </label>
        <FormError>{error}</FormError>
        <div className={form.buttonPair}>
          <Button variant="ghost" onClick={onCancel} disabled={saving}>
            Cancel
          </Button>
          <Button onClick={() => void save()} loading={saving} disabled={!area} data-autofocus>
            Save
          </Button>
        </div>
      </div>
    </Modal>
  )
}
