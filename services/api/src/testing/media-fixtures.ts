import sharp from 'sharp'
import { deflateSync } from 'node:zlib'

/**
 * A real MP3 of silence, `seconds` long: MPEG-2 Layer III frames (22.05 kHz, mono, 8 kbit/s, 576 samples
 * each). Made in code so tests need no encoder; file-type and the frame walker read it like any MP3.
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

/** The Xing header an encoder writes in front of the audio (an editor may change its four bytes of frame count). */
export interface XingClaim {
  /** the frame count it claims */
  xingFrames: number
  /** LAME's gapless info: samples the encoder added before and after the sound */
  delay?: number
  padding?: number
}

/**
 * MPEG-2 Layer III mono frames at 24 kHz, 8 kbit/s (24 bytes, 576 samples each): 12,500 of them are exactly 300 s,
 * so length limits can be tested at the boundary. `claim` puts a Xing frame first (64 kbit/s, 192 bytes, no audio)
 * laid out as LAME writes it: frame count, byte count, seek table, quality, then a LAME tag when `delay` is given.
 */
export function mp3At24kHz(frames: number, claim?: XingClaim): Buffer {
  const frame = Buffer.alloc(24)
  frame.set([0xff, 0xf3, 0x14, 0xc0])
  const audio = Buffer.alloc(frame.length * frames)
  for (let i = 0; i < frames; i++) frame.copy(audio, i * frame.length)
  if (!claim) return audio
  const xing = Buffer.alloc(192)
  xing.set([0xff, 0xf3, 0x84, 0xc0])
  xing.write('Xing', 13, 'latin1')
  xing.writeUInt32BE(0xf, 17)
  xing.writeUInt32BE(claim.xingFrames, 21)
  xing.writeUInt32BE(xing.length + audio.length, 25)
  if (claim.delay !== undefined) {
    xing.write('LAME3.100', 133, 'latin1')
    xing.writeUIntBE((claim.delay << 12) | (claim.padding ?? 0), 133 + 21, 3)
  }
  return Buffer.concat([xing, audio])
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})
const crc32 = (bytes: Buffer) =>
  (bytes.reduce((c, b) => (crcTable[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8), 0xffffffff) ^ 0xffffffff) >>> 0
const pngChunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

/**
 * A real, valid black-and-white PNG of any size that stays a few kilobytes (its rows are all zeros, which deflate to
 * almost nothing): a picture over the pixel limit that is well under the byte limit.
 */
export function bigBlankPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([1, 0, 0, 0, 0], 8) // 1 bit per pixel, greyscale, deflate, no filter, no interlace
  const rows = Buffer.alloc((Math.ceil(width / 8) + 1) * height)
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ])
}
