import { useState, type ImgHTMLAttributes } from 'react'
import { fallbackImages } from '@/lib/image-rules'

export interface FallbackImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> {
  src: string | null | undefined
  /** Shown when there is no picture or it fails to load. */
  fallback: string
  alt: string
}

/** An image that falls back to a default picture when missing or broken (spec: default images). */
export function FallbackImage({ src, fallback, alt, ...img }: FallbackImageProps) {
  const [failed, setFailed] = useState<string | null>(null)
  const usable = src && failed !== src ? src : fallback
  return (
    <img
      {...img}
      src={usable}
      alt={alt}
      onError={() => {
        if (usable !== fallback) setFailed(src ?? null)
      }}
    />
  )
}

type PictureProps = Omit<FallbackImageProps, 'fallback' | 'alt'> & { alt?: string }

/** A book's cover, the default cover when it has none; decorative (alt="") unless told otherwise. */
export const CoverImage = ({ alt = '', ...img }: PictureProps) => (
  <FallbackImage fallback={fallbackImages.cover} alt={alt} {...img} />
)

/** A person's photo, the default avatar when they have none; decorative (alt="") unless told otherwise. */
export const AvatarImage = ({ alt = '', ...img }: PictureProps) => (
  <FallbackImage fallback={fallbackImages.avatar} alt={alt} {...img} />
)
