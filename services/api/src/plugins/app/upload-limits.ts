import { createWriteStream } from 'node:fs'
import type { IncomingMessage } from 'node:http'
import { Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import fp from 'fastify-plugin'
import type { FastifyRequest } from 'fastify'
import type { Multipart, MultipartFile } from '@fastify/multipart'
import { AppError, badRequest, payloadTooLarge } from '@bookstrut/core'
import { FORM_MAX_FIELD_BYTES, FORM_MAX_FIELDS } from '@bookstrut/schemas'

/** One file field of a form: its byte limit and the message when a file passes it. */
export interface FileRule {
  maxBytes: number
  tooLarge: string
}

/** What one multipart form may carry. */
export interface FormLimits {
  /** the whole body, in bytes */
  maxBytes: number
  /** the file fields the form takes */
  files: Record<string, FileRule>
}

const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`
const bodyTooLarge = (limits: FormLimits) =>
  payloadTooLarge(`The upload is too large: this form takes at most ${megabytes(limits.maxBytes)} in all.`)

/**
 * The parts of a multipart form, held to `limits` while they arrive: a declared Content-Length over the limit is
 * refused before a byte is read, and a body that grows past it (chunked, or lying about its length) is cut off
 * there; too many parts, files or fields are refused too (413), and a field over 16 KB (400). Every refusal is an
 * AppError naming its limit (413, or 400 with the field's or the file's own message).
 */
export async function* formParts(req: FastifyRequest, limits: FormLimits): AsyncGenerator<Multipart> {
  if (Number(req.headers['content-length']) > limits.maxBytes) throw bodyTooLarge(limits)
  const fileCount = Object.keys(limits.files).length
  const iterator = req.parts({
    limits: {
      // One byte over the largest file, so that our own readers see it and answer with that file's message.
      fileSize: Math.max(...Object.values(limits.files).map((rule) => rule.maxBytes)) + 1,
      files: fileCount,
      fields: FORM_MAX_FIELDS,
      fieldSize: FORM_MAX_FIELD_BYTES,
      parts: fileCount + FORM_MAX_FIELDS,
    },
  })
  // The first next() pipes the request into the parser; counting starts in the same tick, so no byte is missed.
  let next = iterator.next()
  let current: Multipart | undefined
  const guard = guardBody(
    req.raw,
    limits.maxBytes,
    () => bodyTooLarge(limits),
    () => current,
  )
  try {
    for (;;) {
      const result: IteratorResult<Multipart, unknown> = await Promise.race([next, guard.halted])
      if (result.done) return
      current = assertWhole(result.value)
      // The parser cuts a file at its size limit but reads on to the part's end: stop the body there instead.
      if (current.type === 'file')
        current.file.once('limit', guard.halt.bind(null, fileTooLarge(current, limits)))
      yield current
      next = iterator.next()
    }
  } catch (err) {
    throw describeFormError(err, limits)
  } finally {
    guard.stop()
  }
}

/**
 * Counts the request's bytes beside the parser and halts it past `maxBytes` (or when `halt` is called): the parser
 * gets no more of the body, the file being read fails with the error (so a reader waiting on it ends), and
 * `halted` rejects with it.
 */
function guardBody(
  raw: IncomingMessage,
  maxBytes: number,
  tooLarge: () => AppError,
  currentPart: () => Multipart | undefined,
) {
  let seen = 0
  let reject: (err: AppError) => void = () => undefined
  const halted = new Promise<never>((_resolve, rejectHalted) => {
    reject = rejectHalted
  })
  // Handled where it is raced; this only keeps an unraced rejection from being reported as unhandled.
  halted.catch(() => undefined)
  const stop = () => raw.off('data', onData)
  const halt = (err: AppError) => {
    stop()
    raw.unpipe()
    raw.pause()
    const part = currentPart()
    if (part?.type === 'file') part.file.destroy(err)
    reject(err)
  }
  function onData(chunk: Buffer) {
    seen += chunk.length
    if (seen > maxBytes) halt(tooLarge())
  }
  raw.on('data', onData)
  return { halted, halt, stop }
}

/**
 * A text part the parser cut short would be stored cut short: refuse it instead. A field over its length is a bad
 * value of that field, as its schema's maxLength says (400, as for any field), not an oversized upload (413).
 */
function assertWhole(part: Multipart): Multipart {
  if (part.type === 'field' && (part.valueTruncated || part.fieldnameTruncated))
    throw badRequest(
      `The form field "${part.fieldname.slice(0, 100)}" is too long (at most ${FORM_MAX_FIELD_BYTES / 1024} KB).`,
    )
  return part
}

/** The parser's own limit errors, reworded to say which limit was passed. */
function describeFormError(err: unknown, limits: FormLimits): unknown {
  if (err instanceof AppError || !(err instanceof Error) || !('code' in err)) return err
  const fileCount = Object.keys(limits.files).length
  switch (err.code) {
    case 'FST_PARTS_LIMIT':
      return payloadTooLarge(`Too many parts in the form (at most ${fileCount + FORM_MAX_FIELDS}).`)
    case 'FST_FILES_LIMIT':
      return payloadTooLarge(`Too many files in the form (at most ${fileCount}).`)
    case 'FST_FIELDS_LIMIT':
      return payloadTooLarge(`Too many form fields (at most ${FORM_MAX_FIELDS}).`)
    case 'FST_REQ_FILE_TOO_LARGE':
      return fileTooLarge('part' in err ? err.part : undefined, limits)
    default:
      return err
  }
}

/** The file's own message when the parser says a file passed the size limit. */
function fileTooLarge(part: unknown, limits: FormLimits): AppError {
  const name =
    typeof part === 'object' && part !== null && 'fieldname' in part && typeof part.fieldname === 'string'
      ? part.fieldname
      : ''
  const rule = Object.hasOwn(limits.files, name) ? limits.files[name] : undefined
  return rule ? badRequest(rule.tooLarge) : payloadTooLarge('A file in the form is too large.')
}

/** A file part's bytes; refused with its own message as soon as it passes its limit, not after reading it all. */
export async function readFilePart(part: MultipartFile, rule: FileRule): Promise<Buffer> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of part.file as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > rule.maxBytes) throw badRequest(rule.tooLarge)
    chunks.push(chunk)
  }
  if (part.file.truncated) throw badRequest(rule.tooLarge)
  return Buffer.concat(chunks)
}

/** Streams a file part to `target`, refusing it with its own message as soon as it passes its limit. */
export async function saveFilePart(part: MultipartFile, rule: FileRule, target: string): Promise<void> {
  let size = 0
  const limit = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length
      done(size > rule.maxBytes ? badRequest(rule.tooLarge) : null, chunk)
    },
  })
  await pipeline(part.file, limit, createWriteStream(target))
  if (part.file.truncated) throw badRequest(rule.tooLarge)
}

/**
 * An answer given before the request body was read to its end (a refused upload, a 401 before the form) closes
 * the connection: otherwise Node reads and discards the rest of the body to keep the connection alive, and a
 * 2 GB upload would still be read to its last byte.
 */
export const uploadLimitsPlugin = fp(async (app) => {
  app.addHook('onSend', async (req, reply) => {
    if (req.raw.complete === false) reply.header('connection', 'close')
  })
})
