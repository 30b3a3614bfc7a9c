import fp from 'fastify-plugin'
import { mkdir } from 'node:fs/promises'
import multipart from '@fastify/multipart'
import fastifyStatic from '@fastify/static'
import { access, createMediaStore, type MediaStore } from '@bookstrut/core'
import { AUDIO_MAX_BYTES, FORM_MAX_FIELD_BYTES, FORM_MAX_FIELDS } from '@bookstrut/schemas'
import { uploadLimitsPlugin } from './upload-limits.js'
import { declarePublic } from './access.js'

declare module 'fastify' {
  interface FastifyInstance {
    media: MediaStore
  }
}

/**
 * Uploads and stored media: multipart parsing (each form holds itself to its own limits through `formParts`; the
 * defaults here are the widest), answers that close the connection when an upload is refused before its end, and
 * /media/ served with HTTP Range (players can seek) and a long cache, since every stored file has a new, unique name.
 */
export const mediaPlugin = fp(async (app) => {
  await mkdir(app.config.media.dir, { recursive: true })
  app.decorate('media', createMediaStore(app.config.media.dir))
  await app.register(uploadLimitsPlugin)
  await app.register(multipart, {
    limits: {
      fileSize: AUDIO_MAX_BYTES + 1,
      files: 3,
      fields: FORM_MAX_FIELDS,
      fieldSize: FORM_MAX_FIELD_BYTES,
      parts: 3 + FORM_MAX_FIELDS,
    },
  })
  // Stored files are public (their names are unguessable and new on every upload): a scope that declares so.
  await app.register(async (files) => {
    files.addHook('onRoute', declarePublic(access.public()))
    await files.register(fastifyStatic, {
      root: app.config.media.dir,
      prefix: '/media/',
      decorateReply: false,
      wildcard: true,
      acceptRanges: true,
      cacheControl: true,
      immutable: true,
      maxAge: '365d',
      dotfiles: 'deny',
      index: false,
    })
  })
})
