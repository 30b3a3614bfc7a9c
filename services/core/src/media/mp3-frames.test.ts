import { describe, expect, it } from 'vitest'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { MP3_MAX_TRIM_SECONDS, measureMp3, readFrameHeader } from './mp3-frames.js'

/** An MPEG-2 Layer III mono frame at 24 kHz (576 samples): bitrate index 1 = 8 kbit/s = 24 bytes, 8 = 64 kbit/s. */
const frame24k = (bitrateIndex = 1) => {
  const kbps = [0, 8, 16, 24, 32, 40, 48, 56, 64][bitrateIndex] ?? 8
  const bytes = Buffer.alloc((72 * kbps * 1000) / 24000)
  bytes.set([0xff, 0xf3, (bitrateIndex << 4) | (1 << 2), 0xc0])
  return bytes
}
const frames = (count: number) => Buffer.concat(Array.from({ length: count }, () => frame24k()))

/** A Xing frame claiming `claimed` frames, optionally with a LAME tag carrying encoder delay and padding. */
function xingFrame(claimed: number, gapless?: { delay: number; padding: number }) {
  const bytes = frame24k(8)
  const at = 4 + 9
  bytes.write('Xing', at, 'latin1')
  bytes.writeUInt32BE(gapless ? 0x1 | 0x8 : 0x1, at + 4)
  bytes.writeUInt32BE(claimed, at + 8)
  if (gapless) {
    const lame = at + 16
    bytes.write('LAME3.100', lame, 'latin1')
    bytes.writeUIntBE((gapless.delay << 12) | gapless.padding, lame + 21, 3)
  }
  return bytes
}

describe('readFrameHeader', () => {
  it.each([
    [
      'MPEG-1 44.1 kHz 128 kbit/s stereo',
      [0xff, 0xfb, 0x90, 0x00],
      { sampleRate: 44100, samples: 1152, length: 417 },
    ],
    ['the same with padding', [0xff, 0xfb, 0x92, 0x00], { length: 418 }],
    [
      'MPEG-2 24 kHz 8 kbit/s mono',
      [0xff, 0xf3, 0x14, 0xc0],
      { sampleRate: 24000, samples: 576, length: 24 },
    ],
    ['MPEG-2.5 8 kHz 8 kbit/s mono', [0xff, 0xe3, 0x18, 0xc0], { sampleRate: 8000, length: 72, mono: true }],
  ])('reads %s', (_name, header, expected) => {
    expect(readFrameHeader(Buffer.from([...header, ...Array<number>(500).fill(0)]), 0)).toMatchObject(
      expected,
    )
  })

  it.each([
    ['no sync', [0xfe, 0xfb, 0x90, 0x00]],
    ['Layer II', [0xff, 0xfd, 0x90, 0x00]],
    ['a reserved version', [0xff, 0xeb, 0x90, 0x00]],
    ['free format (no length)', [0xff, 0xfb, 0x00, 0x00]],
    ['a forbidden bitrate', [0xff, 0xfb, 0xf0, 0x00]],
    ['a reserved sample rate', [0xff, 0xfb, 0x9c, 0x00]],
    ['too few bytes', [0xff, 0xfb, 0x90]],
  ])('refuses %s', (_name, header) => {
    expect(readFrameHeader(Buffer.from(header), 0)).toBeNull()
  })
})

describe('measureMp3', () => {
  it('counts every frame exactly: 12,500 frames of 576 samples at 24 kHz are 300 s, one more is 300.024 s', () => {
    expect(measureMp3(frames(12_500))).toEqual({
      frames: 12_500,
      seconds: 300,
      claimedFrames: null,
      claimedSeconds: null,
      junkBytes: 0,
    })
    expect(measureMp3(frames(12_501)).seconds).toBeCloseTo(300.024, 9)
  })

  it('reports what a Xing header claims beside what the frames hold, not counting the Xing frame itself', () => {
    const m = measureMp3(Buffer.concat([xingFrame(3000), frames(62_500)]))
    expect(m).toMatchObject({ frames: 62_500, seconds: 1500, claimedFrames: 3000, claimedSeconds: 72 })
  })

  it('reads the frame count of a VBRI header', () => {
    const vbri = frame24k(8)
    vbri.write('VBRI', 36, 'latin1')
    vbri.writeUInt32BE(250, 36 + 14)
    expect(measureMp3(Buffer.concat([vbri, frames(100)]))).toMatchObject({ frames: 100, claimedFrames: 250 })
  })

  it('takes off the LAME gapless trim, but never more than MP3_MAX_TRIM_SECONDS', () => {
    const small = measureMp3(Buffer.concat([xingFrame(100, { delay: 576, padding: 624 }), frames(100)]))
    expect(small.seconds).toBeCloseTo(2.4 - 1200 / 24000, 9)
    const forged = measureMp3(Buffer.concat([xingFrame(100, { delay: 4095, padding: 4095 }), frames(100)]))
    expect(forged.seconds).toBeCloseTo(2.4 - MP3_MAX_TRIM_SECONDS, 9)
  })

  it('skips ID3v2 at the start (frames hidden in it are not played), APEv2 and ID3v1 at the end', () => {
    const id3Body = Buffer.concat([frames(50), Buffer.alloc(100)])
    const size = id3Body.length
    const id3 = Buffer.from([
      0x49,
      0x44,
      0x33,
      4,
      0,
      0,
      (size >> 21) & 127,
      (size >> 14) & 127,
      (size >> 7) & 127,
      size & 127,
    ])
    const apeItems = Buffer.from('some APE items')
    const apeBlock = (isHeader: boolean) => {
      const b = Buffer.alloc(32)
      b.write('APETAGEX', 0, 'latin1')
      b.writeUInt32LE(2000, 8)
      b.writeUInt32LE(apeItems.length + 32, 12)
      b.writeUInt32LE((0x80000000 | (isHeader ? 0x20000000 : 0)) >>> 0, 20)
      return b
    }
    const id3v1 = Buffer.concat([Buffer.from('TAGTitle'), Buffer.alloc(120, 0x41)])
    const file = Buffer.concat([id3, id3Body, frames(10), apeBlock(true), apeItems, apeBlock(false), id3v1])
    expect(measureMp3(file)).toMatchObject({ frames: 10, junkBytes: 0 })
  })

  it('counts bytes that are neither frames nor tags as junk, and still counts the frames after them', () => {
    const junk = Buffer.from(Array.from({ length: 5000 }, (_, i) => (i * 7919) % 251 || 1))
    const m = measureMp3(Buffer.concat([frames(10), junk, frames(20)]))
    expect(m.frames).toBe(30)
    expect(m.junkBytes).toBe(5000)
  })

  it('does not count zero padding as junk, nor an APEv2 tag whose size its header does not confirm as a tag', () => {
    expect(measureMp3(Buffer.concat([frames(10), Buffer.alloc(9000), frames(5)]))).toMatchObject({
      frames: 15,
      junkBytes: 0,
    })
    const footer = Buffer.alloc(32)
    footer.write('APETAGEX', 0, 'latin1')
    footer.writeUInt32LE(100_000, 12)
    const m = measureMp3(Buffer.concat([frames(10), footer]))
    expect(m.frames).toBe(10)
    expect(m.junkBytes).toBeGreaterThan(0)
  })

  it('counts a truncated last frame as junk, not as audio', () => {
    const m = measureMp3(Buffer.concat([frames(10), frame24k().subarray(0, 20)]))
    expect(m).toMatchObject({ frames: 10, junkBytes: 4 })
  })

  it('measures a real LAME VBR file (ID3v2, Xing + LAME tag, ID3v1) and sees an edited Xing frame count', async () => {
    const real = await readFile(path.join(import.meta.dirname, 'fixtures/lame-vbr-20s.mp3'))
    const m = measureMp3(real)
    expect(m).toMatchObject({ frames: 280, claimedFrames: 280, junkBytes: 0 })
    // 280 frames of 576 samples at 8 kHz = 20.16 s, less LAME's trim (bounded).
    expect(m.seconds).toBeCloseTo(20.16 - MP3_MAX_TRIM_SECONDS, 9)

    const edited = Buffer.from(real)
    edited.writeUInt32BE(1000, edited.indexOf('Xing') + 8)
    expect(measureMp3(edited)).toMatchObject({ frames: 280, claimedFrames: 1000, claimedSeconds: 72 })
  })
})
