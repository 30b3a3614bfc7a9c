import { Readable } from 'node:stream'

const BOUNDARY = 'bookstrut-test-boundary'

/** The content type of a body made by `endlessForm`. */
export const STREAMED_FORM_TYPE = `multipart/form-data; boundary=${BOUNDARY}`

/** The opening of a text part, or of a file part when `filename` is given. */
export const partHead = (name: string, filename?: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"` +
  (filename ? `; filename="${filename}"\r\nContent-Type: application/octet-stream` : '') +
  '\r\n\r\n'

/**
 * A multipart body that starts with `head` and goes on with `fillBytes` bytes made as they are read (a 2 GB upload
 * need not exist anywhere). The stream is only read as fast as its reader asks, so `sent()` tells how much of it
 * the server actually took in (give or take a 64 KB buffer).
 */
export function endlessForm(head: string, fillBytes: number) {
  const headBytes = Buffer.from(head, 'latin1')
  const fill = Buffer.alloc(64 * 1024, 0x61)
  const total = headBytes.length + fillBytes
  let sent = 0
  const stream = new Readable({
    highWaterMark: fill.length,
    read() {
      if (sent >= total) return void this.push(null)
      const chunk = sent === 0 ? headBytes : fill.subarray(0, Math.min(fill.length, total - sent))
      sent += chunk.length
      this.push(chunk)
    },
  })
  return { stream, sent: () => sent }
}
