import { useState, type ImgHTMLAttributes } from 'react'

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
