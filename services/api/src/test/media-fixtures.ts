import sharp from 'sharp'

/**
 * A real MP3 of silence, `seconds` long: MPEG-2 Layer III frames (22.05 kHz, mono, 8 kbit/s, 576 samples
 * each). Made in code so tests need no encoder; file-type and music-metadata read it like any MP3.
 */
export function silentMp3(seconds: number): Buffer {
  const frameBytes = 26 // 72 * 8000 / 22050, no padding
  const frames = Math.ceil((seconds * 22050) / 576)
  const frame = Buffer.alloc(frameBytes)
  frame.set([0xff, 0xf3, 0x10, 0xc0])
  return Buffer.concat(Array.from({ length: frames }, () => frame))
}

/** A real image of the given type and size. */
export const image = (format: 'png' | 'jpeg' | 'gif' | 'webp', width = 300, height = 400) =>
  sharp({ create: { width, height, channels: 3, background: { r: 90, g: 60, b: 200 } } })
    .toFormat(format)
    .toBuffer()
