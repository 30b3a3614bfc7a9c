/**
 * Measures an MP3 from its audio: every MPEG Layer III frame is found by walking the frame headers, the way a
 * decoder does, instead of trusting the frame count in a Xing/Info/VBRI header, which anyone can edit
 * (issue 12: a 1,500 s file whose Xing header claimed 72 s was accepted).
 */

type MpegVersion = 1 | 2 | 2.5

/** One Layer III frame header. */
export interface Mp3Frame {
  version: MpegVersion
  sampleRate: number
  /** samples per frame: 1152 for MPEG-1, 576 for MPEG-2 and 2.5 */
  samples: number
  /** bytes, header included */
  length: number
  mono: boolean
}

/** What walking a file's frames found. */
export interface Mp3Measure {
  /** audio frames; a leading Xing/Info/VBRI frame carries no audio and is not counted */
  frames: number
  /** the length of the audio in seconds, from the counted frames (less the encoder's gapless padding, bounded) */
  seconds: number
  /** the frame count a Xing/Info/VBRI header claims, or null when there is none */
  claimedFrames: number | null
  /** the length that claim stands for */
  claimedSeconds: number | null
  /** non-zero bytes that are neither frames nor a tag (ID3v2 at the start, APEv2 and ID3v1 at the end) */
  junkBytes: number
}

const KBPS_V1 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320]
const KBPS_V2 = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160]
const SAMPLE_RATES: Record<MpegVersion, readonly number[]> = {
  1: [44100, 48000, 32000],
  2: [22050, 24000, 16000],
  2.5: [11025, 12000, 8000],
}

/**
 * The gapless trim (encoder delay + padding) written in a LAME tag is a header claim too, so at most this much is
 * taken off: enough for a LAME or ffmpeg file cut at exactly 300.0 s (≤ 52 ms at 44.1 kHz) to measure 300.0 s,
 * too little for a 300.1 s file to pass whatever its tag says.
 */
export const MP3_MAX_TRIM_SECONDS = 0.09

/** The Layer III frame header at `pos`, or null when those four bytes are not one. */
export function readFrameHeader(bytes: Buffer, pos: number): Mp3Frame | null {
  if (pos < 0 || pos + 4 > bytes.length) return null
  const h = bytes.readUInt32BE(pos)
  if (h >>> 21 !== 0x7ff) return null
  const versionBits = (h >>> 19) & 3
  const isLayer3 = ((h >>> 17) & 3) === 1
  if (versionBits === 1 || !isLayer3) return null
  const version: MpegVersion = versionBits === 3 ? 1 : versionBits === 2 ? 2 : 2.5
  // Index 0 is "free format", which has no length in its header; 15 is forbidden.
  const kbps = (version === 1 ? KBPS_V1 : KBPS_V2)[(h >>> 12) & 15]
  const sampleRate = SAMPLE_RATES[version][(h >>> 10) & 3]
  if (!kbps || sampleRate === undefined) return null
  const samples = version === 1 ? 1152 : 576
  const padding = (h >>> 9) & 1
  const length = Math.floor(((samples / 8) * kbps * 1000) / sampleRate) + padding
  return { version, sampleRate, samples, length, mono: ((h >>> 6) & 3) === 3 }
}

/** Measures the audio in `bytes` (a whole MP3 file). Never throws; judging the result is the caller's job. */
export function measureMp3(bytes: Buffer): Mp3Measure {
  const { start, end } = audioRange(bytes)
  const samplesByRate = new Map<number, number>()
  let pos = start
  let frames = 0
  let junkBytes = 0
  let first: Mp3Frame | null = null
  let info: InfoFrame | null = null
  while (pos < end) {
    const frame = frameAt(bytes, pos, end)
    if (!frame) {
      const next = nextFrame(bytes, pos + 1, end)
      junkBytes += nonZeroBytes(bytes, pos, next)
      pos = next
      continue
    }
    if (!first) {
      first = frame
      info = readInfoFrame(bytes, pos, frame)
      if (info) {
        pos += frame.length
        continue
      }
    }
    frames += 1
    // Whole samples per rate, so that 12,500 frames of 576 samples at 24 kHz are exactly 300 s, not 300.0000001.
    samplesByRate.set(frame.sampleRate, (samplesByRate.get(frame.sampleRate) ?? 0) + frame.samples)
    pos += frame.length
  }
  const untrimmed = [...samplesByRate].reduce((sum, [rate, samples]) => sum + samples / rate, 0)
  const trim = first && info ? Math.min(info.trimSamples / first.sampleRate, MP3_MAX_TRIM_SECONDS) : 0
  const claimedFrames = info?.claimedFrames ?? null
  return {
    frames,
    seconds: Math.max(0, untrimmed - trim),
    claimedFrames,
    claimedSeconds:
      first && claimedFrames !== null ? (claimedFrames * first.samples) / first.sampleRate : null,
    junkBytes,
  }
}

/** A frame that starts at `pos` and ends within the audio. */
function frameAt(bytes: Buffer, pos: number, end: number): Mp3Frame | null {
  const frame = readFrameHeader(bytes, pos)
  return frame && pos + frame.length <= end ? frame : null
}

/**
 * Where the frames go on after junk: a header whose frame is followed by another header (or ends the audio), as
 * decoders resynchronise; a lone 0xFF byte in junk is not taken for a frame. `end` when there is none.
 */
function nextFrame(bytes: Buffer, from: number, end: number): number {
  for (let pos = bytes.indexOf(0xff, from); pos !== -1 && pos < end; pos = bytes.indexOf(0xff, pos + 1)) {
    const frame = frameAt(bytes, pos, end)
    if (frame && (pos + frame.length === end || frameAt(bytes, pos + frame.length, end))) return pos
  }
  return end
}

/** Zero padding (left by taggers and some encoders) cannot be taken for audio by any decoder: only the rest counts. */
function nonZeroBytes(bytes: Buffer, from: number, to: number): number {
  let count = 0
  for (let i = from; i < to; i++) if (bytes[i] !== 0) count++
  return count
}

/**
 * The part of the file that holds frames: after any ID3v2 tags at the start (players skip them by their size), before
 * an ID3v1 tag and an APEv2 tag at the end. An APEv2 tag is only cut off when its own header confirms its size, so a
 * forged size cannot hide frames that players would still play.
 */
function audioRange(bytes: Buffer): { start: number; end: number } {
  let start = 0
  for (let size = id3v2Size(bytes, 0); size > 0; size = id3v2Size(bytes, start)) start += size
  let end = bytes.length
  if (end - 128 >= start && bytes.toString('latin1', end - 128, end - 125) === 'TAG') end -= 128
  return { start: Math.min(start, end), end: Math.max(start, apeTagStart(bytes, start, end)) }
}

/** The size of an ID3v2 tag at `pos` (header, body and footer), or 0 when there is none. */
function id3v2Size(bytes: Buffer, pos: number): number {
  if (pos + 10 > bytes.length || bytes.toString('latin1', pos, pos + 3) !== 'ID3') return 0
  const sizeBytes = bytes.subarray(pos + 6, pos + 10)
  if (sizeBytes.some((b) => b >= 0x80)) return 0
  const body = sizeBytes.reduce((size, b) => size * 128 + b, 0)
  const hasFooter = ((bytes[pos + 5] ?? 0) & 0x10) !== 0
  return 10 + body + (hasFooter ? 10 : 0)
}

/** Where an APEv2 tag ending at `end` begins, or `end` when there is no tag whose header confirms it. */
function apeTagStart(bytes: Buffer, start: number, end: number): number {
  const footer = end - 32
  if (footer < start || bytes.toString('latin1', footer, footer + 8) !== 'APETAGEX') return end
  const hasHeader = (bytes.readUInt32LE(footer + 20) & 0x80000000) !== 0
  const tagStart = end - bytes.readUInt32LE(footer + 12) - 32
  const confirmed =
    hasHeader && tagStart >= start && bytes.toString('latin1', tagStart, tagStart + 8) === 'APETAGEX'
  return confirmed ? tagStart : end
}

interface InfoFrame {
  claimedFrames: number | null
  /** encoder delay + padding from a LAME tag, in samples */
  trimSamples: number
}

/** Side information follows the header; a Xing/Info header follows it (where LAME and ffmpeg write it). */
const sideInfoBytes = (frame: Mp3Frame) =>
  frame.version === 1 ? (frame.mono ? 17 : 32) : frame.mono ? 9 : 17

/** A Xing/Info or VBRI header in the frame at `pos`, or null when it is an ordinary audio frame. */
function readInfoFrame(bytes: Buffer, pos: number, frame: Mp3Frame): InfoFrame | null {
  const end = pos + frame.length
  const xing = pos + 4 + sideInfoBytes(frame)
  const xingTag = xing + 8 <= end ? bytes.toString('latin1', xing, xing + 4) : ''
  if (xingTag === 'Xing' || xingTag === 'Info') return readXing(bytes, xing, end)
  const vbri = pos + 36
  if (vbri + 18 <= end && bytes.toString('latin1', vbri, vbri + 4) === 'VBRI')
    return { claimedFrames: bytes.readUInt32BE(vbri + 14), trimSamples: 0 }
  return null
}

/** Xing flags say which fields follow: 1 frames, 2 bytes, 4 a 100-byte seek table, 8 quality; then a LAME tag. */
function readXing(bytes: Buffer, at: number, end: number): InfoFrame {
  const flags = bytes.readUInt32BE(at + 4)
  let pos = at + 8
  let claimedFrames: number | null = null
  if (flags & 1 && pos + 4 <= end) claimedFrames = bytes.readUInt32BE(pos)
  pos += (flags & 1 ? 4 : 0) + (flags & 2 ? 4 : 0) + (flags & 4 ? 100 : 0) + (flags & 8 ? 4 : 0)
  return { claimedFrames, trimSamples: lameTrim(bytes, pos, end) }
}

/** Encoder delay + padding (12 bits each, 21 bytes into a LAME tag; ffmpeg writes the same tag as "Lavc"/"Lavf"). */
function lameTrim(bytes: Buffer, at: number, end: number): number {
  if (at + 24 > end || !/^(LAME|Lavc|Lavf|L3\.9)/.test(bytes.toString('latin1', at, at + 4))) return 0
  const packed = bytes.readUIntBE(at + 21, 3)
  return (packed >>> 12) + (packed & 0xfff)
}
