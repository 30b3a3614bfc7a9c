import fp from 'fastify-plugin'
import { mkdir } from 'node:fs/promises'
import multipart from '@fastify/multipart'
import fastifyStatic from '@fastify/static'
import { AUDIO_MAX_BYTES, createMediaStore, type MediaStore } from '@bookstrut/core'

declare module 'fastify' {
  interface FastifyInstance {
    media: MediaStore
  }
}

/**
 * Uploads and stored media: multipart parsing with the largest allowed file size (the MP3's 7 MB; images are
 * held to their own limits by the media store), and /media/ served with HTTP Range (players can seek) and a
 * long cache, since every stored file has a new, unique name.
 */
export const mediaPlugin = fp(async (app) => {
  await mkdir(app.config.media.dir, { recursive: true })
  app.decorate('media', createMediaStore(app.config.media.dir))
  await app.register(multipart, {
    limits: { fileSize: AUDIO_MAX_BYTES, files: 3, fields: 40, fieldSize: 16 * 1024, parts: 45 },
  })
  await app.register(fastifyStatic, {
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
