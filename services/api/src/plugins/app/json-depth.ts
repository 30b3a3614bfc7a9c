import fp from 'fastify-plugin'
import { badRequest } from '@bookstrut/core'

/** No request of ours nests deeper than a few levels; 32 leaves room and refuses hostile nesting. */
export const MAX_JSON_DEPTH = 32

/**
 * The deepest nesting of arrays and objects in a JSON text, counted without parsing (brackets inside strings do not
 * count), stopping as soon as it passes `limit`.
 */
export function jsonDepthOver(text: string, limit: number): boolean {
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === 0x5c)
        i++ // backslash: the next character is escaped
      else if (c === 0x22) inString = false
    } else if (c === 0x22) inString = true
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return true
    } else if (c === 0x5d || c === 0x7d) depth--
  }
  return false
}

/**
 * JSON bodies nested deeper than MAX_JSON_DEPTH are refused with a clear 400 before they are parsed: JSON.parse takes
 * a 200,000-deep array, but anything that walks it afterwards (serializing it, copying it) overflows the stack.
 * Otherwise Fastify's own parser runs, with its protection against __proto__ and constructor keys.
 */
export const jsonDepthPlugin = fp(async (app) => {
  const parse = app.getDefaultJsonParser('error', 'error')
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8')
    if (jsonDepthOver(text, MAX_JSON_DEPTH)) {
      done(
        badRequest(
          `The request body is nested too deeply: at most ${MAX_JSON_DEPTH} levels of arrays and objects.`,
        ),
        undefined,
      )
      return
    }
    void parse(req, text, done)
  })
})
