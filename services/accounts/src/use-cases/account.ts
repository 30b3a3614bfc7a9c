import { actsFor, badRequest, forbidden, notFound, type Deps, type MediaStore } from '@bookstrut/core'
import {
  BIO_BLANK,
  CURRENT_PASSWORD_REQUIRED,
  isBlankBio,
  isWebLink,
  signupPasswordProblem,
  socialLinkNotHttp,
  WEBSITE_NOT_HTTP,
  type UpdateUserBody,
} from '@bookstrut/schemas'
import { hashPassword } from '../auth/passwords.js'
import type { SessionRow, UserRow, UserUpdate } from '../db/accounts.tables.js'
import * as sessionsRepo from '../db/sessions.repository.js'
import * as usersRepo from '../db/users.repository.js'
import { confirmCurrentPassword } from '../sign-in/current-password.js'

/** A profile form's new images, as uploaded (the API reads them from the multipart form). */
export interface ProfileImages {
  profile?: Buffer
  banner?: Buffer
}

/** The signed-in caller: their account and this request's session. */
export interface SignedIn {
  user: UserRow
  session: Pick<SessionRow, 'id'>
}

/** Roles with a public profile: people who list books. Readers' and admins' accounts are private. */
const publicRoles = new Set<UserRow['role']>(['author', 'publisher'])

/**
 * The owner and admins see the whole account; everybody else the public profile of a verified author or
 * publisher. Any other account answers 404 like a missing one, so its existence and role stay private. Answers
 * the row and which of the two views it gets (the API shapes them).
 */
export async function getSingleUser(
  deps: Deps,
  userId: string,
  auth: SignedIn | null,
): Promise<{ row: UserRow; view: 'account' | 'public profile' }> {
  const row = await usersRepo.findUserById(deps.db, userId)
  const privileged = actsFor(auth?.user, userId)
  if (row && privileged) return { row, view: 'account' }
  if (!row?.is_verified || !publicRoles.has(row.role)) throw notFound('User not found')
  return { row, view: 'public profile' }
}

/** websiteAndSocialLinks arrives as a list, or as a JSON-encoded list from multipart forms. */
export function parseLinks(value: UpdateUserBody['websiteAndSocialLinks']): string[] {
  if (value === undefined) return []
  let list: unknown = value
  if (typeof value === 'string') {
    const text = value.trim()
    if (text === '') return []
    try {
      list = text.startsWith('[') ? JSON.parse(text) : [text]
    } catch {
      throw badRequest('websiteAndSocialLinks must be a list of links')
    }
  }
  if (
    !Array.isArray(list) ||
    list.length > 10 ||
    !list.every((l): l is string => typeof l === 'string' && l.length <= 500)
  ) {
    throw badRequest('websiteAndSocialLinks must be a list of at most 10 links')
  }
  const links = list.map((l) => l.trim())
  links.forEach((link, i) => {
    if (link === '' || isWebLink(link)) return
    // The first entry is the website, the others social links (spec author-and-content section 5).
    throw badRequest(i === 0 ? WEBSITE_NOT_HTTP : socialLinkNotHttp(i))
  })
  while (links.length > 0 && links.at(-1) === '') links.pop()
  return links
}

const switchableRoles = new Set(['author', 'publisher'])

/**
 * Works out the changes a profile update asks for, enforcing the spec's rules; throws 4xx on bad input. A new
 * password needs the current password of `caller` (the account making the change).
 */
export async function planProfileUpdate(
  deps: Deps,
  current: UserRow,
  body: UpdateUserBody,
  caller: UserRow = current,
): Promise<UserUpdate> {
  const patch: UserUpdate = {}
  if (body.first_name !== undefined) patch.first_name = body.first_name.trim()
  if (body.last_name !== undefined) patch.last_name = body.last_name.trim()
  if (body.email !== undefined && body.email.trim().toLowerCase() !== current.email) {
    throw badRequest('Your email address cannot be changed.')
  }
  if (body.role !== undefined && body.role !== current.role) {
    // Authors and publishers may switch between the two; readers and admins keep their role.
    if (!switchableRoles.has(current.role) || !switchableRoles.has(body.role))
      throw forbidden('Member Type cannot be changed.')
    patch.role = body.role
  }
  if (body.bio !== undefined) {
    if (isBlankBio(body.bio)) throw badRequest(BIO_BLANK)
    patch.bio = body.bio.trim()
  }
  if (body.websiteAndSocialLinks !== undefined)
    patch.website_and_social_links = parseLinks(body.websiteAndSocialLinks)

  const password = body.password ?? ''
  const confirm = body.confirm_password ?? ''
  if (password !== '' || confirm !== '') {
    // The sign-up rule (schemas password-rules.ts), which the profile form checks too.
    const problem = signupPasswordProblem(password)
    if (problem) throw badRequest(problem)
    if (password !== confirm) throw badRequest('Passwords do not match.')
    if (!body.current_password) throw badRequest(CURRENT_PASSWORD_REQUIRED)
    // Counted per account once the cheap checks pass, before the costly checks and hash.
    await deps.limits.consume('passwordChangePerAccount', current.id)
    await confirmCurrentPassword(deps.limits, caller, body.current_password)
    patch.password_hash = await hashPassword(password, deps.config.auth.passwordHashCost, 'change')
  }
  return patch
}

/**
 * Applies a profile update to the account `targetId` (the caller's own, or any for an admin); new images replace
 * the old files, and a new password ends the other sessions.
 */
export async function updateProfile(
  deps: Deps & { media: MediaStore },
  targetId: string,
  body: UpdateUserBody,
  auth: SignedIn,
  images: ProfileImages = {},
) {
  const target = targetId === auth.user.id ? auth.user : await usersRepo.findUserById(deps.db, targetId)
  if (!target) throw notFound('User not found')
  const patch = await planProfileUpdate(deps, target, body, auth.user)
  // An image costs a decode and a re-encode (a 40-megapixel PNG of 10 KB about a second of CPU): counted per
  // account before any decoding, after the cheap checks.
  if (images.profile || images.banner)
    await deps.limits.consume('profileImageUploadsPerAccount', auth.user.id)
  const stored: { profile?: string; banner?: string } = {}
  try {
    if (images.profile) stored.profile = await deps.media.saveImage(images.profile, 'profile')
    if (images.banner) stored.banner = await deps.media.saveImage(images.banner, 'banner')
  } catch (err) {
    await Promise.all([deps.media.remove(stored.profile), deps.media.remove(stored.banner)])
    throw err
  }
  if (stored.profile) patch.profile_image = stored.profile
  if (stored.banner) patch.banner_image = stored.banner
  const now = deps.clock.now()
  const updated = await usersRepo
    .updateUser(deps.db, target.id, { ...patch, updated_at: now })
    .catch(async (err: unknown) => {
      await Promise.all([deps.media.remove(stored.profile), deps.media.remove(stored.banner)])
      throw err
    })
  if (!updated) throw notFound('User not found')
  await Promise.all([
    stored.profile ? deps.media.remove(target.profile_image) : null,
    stored.banner ? deps.media.remove(target.banner_image) : null,
  ])
  if (patch.password_hash) await sessionsRepo.revokeUserSessions(deps.db, target.id, now, auth.session.id)
  return updated
}
