import type { FastifyRequest } from 'fastify'
import { IMAGE_RULES, PROFILE_FORM_MAX_BYTES } from '@bookstrut/schemas'
import { formParts, readFilePart, type FormLimits } from '../../plugins/app/upload-limits.js'
import type { ProfileImages } from '@bookstrut/accounts'

export type { ProfileImages }

const images = new WeakMap<FastifyRequest, ProfileImages>()

const PROFILE_FORM: FormLimits = {
  maxBytes: PROFILE_FORM_MAX_BYTES,
  files: { profile: IMAGE_RULES.profile, banner: IMAGE_RULES.banner },
}

/** The images a profile update carried (none for a JSON update). */
export const profileImagesOf = (req: FastifyRequest): ProfileImages => images.get(req) ?? {}

/**
 * preValidation hook for PUT /update/user: a multipart form (the spec's client sends one) becomes a plain body
 * for the route's schema, and its `profile` and `banner` files are kept aside for the service.
 */
export async function readProfileMultipart(req: FastifyRequest) {
  if (!req.isMultipart()) return
  const body: Record<string, string | string[]> = {}
  const files: ProfileImages = {}
  for await (const part of formParts(req, PROFILE_FORM)) {
    if (part.type === 'field') {
      const value = String(part.value)
      const key = part.fieldname.replace(/\[\d*\]$/, '')
      const existing = body[key]
      // Repeated fields (websiteAndSocialLinks[]) become a list.
      body[key] =
        existing === undefined ? value : [...(Array.isArray(existing) ? existing : [existing]), value]
      continue
    }
    if (part.fieldname !== 'profile' && part.fieldname !== 'banner') {
      part.file.resume()
      continue
    }
    const bytes = await readFilePart(part, IMAGE_RULES[part.fieldname])
    if (bytes.length > 0) files[part.fieldname] = bytes
  }
  req.body = body
  images.set(req, files)
}
