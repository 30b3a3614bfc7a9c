import type { PublicProfile, User } from '@bookstrut/schemas'
import type { UserRow } from '@bookstrut/core'

/** The account as its owner or an admin sees it. Membership and titles arrive with the catalogue and plans. */
export const toUser = (row: UserRow): User => ({
  _id: row.id,
  email: row.email,
  first_name: row.first_name,
  last_name: row.last_name,
  role: row.role,
  profileImage: row.profile_image,
  bannerImage: row.banner_image,
  bio: row.bio,
  websiteAndSocialLinks: row.website_and_social_links,
  isBlocked: row.is_blocked,
  notes: row.block_notes,
  custId: row.cust_id,
  isVerified: row.is_verified,
  podcastCount: 0,
  membership: null,
  createdAt: row.created_at.toISOString(),
})

/** What anybody may see of an account. */
export const toPublicProfile = (row: UserRow): PublicProfile => ({
  _id: row.id,
  first_name: row.first_name,
  last_name: row.last_name,
  role: row.role,
  profileImage: row.profile_image,
  bannerImage: row.banner_image,
  bio: row.bio,
  websiteAndSocialLinks: row.website_and_social_links,
  podcastCount: 0,
})
