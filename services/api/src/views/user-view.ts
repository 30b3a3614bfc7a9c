import { membershipsRepo } from '@bookstrut/billing'
import type { UserRow } from '@bookstrut/accounts'
import { booksRepo } from '@bookstrut/catalogue'
import type { DbOrTx } from '@bookstrut/core'
import type { Membership, PublicProfile, User } from '@bookstrut/schemas'

/* Accounts as the API shows them, shared by the users and admin routes (which import them from here). */

const toMembership = (m: membershipsRepo.CurrentMembership, booksListed: number): Membership => ({
  planId: m.plan_id,
  planName: m.plan_name,
  description: m.plan_description,
  price: Number(m.price),
  planPrice: Number(m.plan_price),
  bookLimit: m.book_limit,
  booksListed,
  purchaseDate: m.purchase_date.toISOString(),
  expiryDate: m.expiry_date ? m.expiry_date.toISOString() : '-1',
})

/** The account as its owner or an admin sees it, with its plan and how many books it has listed. */
export async function loadUser(db: DbOrTx, row: UserRow): Promise<User> {
  const [membership, listed] = await Promise.all([
    membershipsRepo.currentMembership(db, row.id),
    booksRepo.countOwnedBooks(db, row.id),
  ])
  return toUser(row, listed, membership ? toMembership(membership, listed) : null)
}

/** What anybody may see of an account, with its number of public titles. */
export async function loadPublicProfile(db: DbOrTx, row: UserRow): Promise<PublicProfile> {
  return toPublicProfile(row, await booksRepo.countPublicBooks(db, row.id))
}

const toPublicProfile = (row: UserRow, podcastCount: number): PublicProfile => ({
  _id: row.id,
  first_name: row.first_name,
  last_name: row.last_name,
  role: row.role,
  profileImage: row.profile_image,
  bannerImage: row.banner_image,
  bio: row.bio,
  websiteAndSocialLinks: row.website_and_social_links,
  podcastCount,
})

const toUser = (row: UserRow, podcastCount: number, membership: Membership | null): User => ({
  ...toPublicProfile(row, podcastCount),
  email: row.email,
  isBlocked: row.is_blocked,
  notes: row.block_notes,
  custId: row.cust_id,
  isVerified: row.is_verified,
  membership,
  createdAt: row.created_at.toISOString(),
})
