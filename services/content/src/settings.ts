import type { DbOrTx } from '@bookstrut/core'
import type { Settings, SettingsPatch } from '@bookstrut/schemas'
import { getSiteSettings } from './content.repository.js'

/** The site settings, as the spec's one-entry list; an empty support address falls back to `supportEmail`. */
export async function siteSettings(db: DbOrTx, supportEmail: string): Promise<Settings[]> {
  const s = await getSiteSettings(db)
  return [
    {
      _id: s.id,
      Facebook: s.facebook,
      Instagram: s.instagram,
      YouTube: s.youtube,
      TikTok: s.tiktok,
      authEmailCredentials: { email: s.support_email || supportEmail },
      homePageMedia: s.home_page_media,
    },
  ]
}

/** Where support mail goes: the settings' address, else the SUPPORT_EMAIL setting. */
export const supportAddress = async (db: DbOrTx, fallback: string) =>
  (await getSiteSettings(db)).support_email || fallback

/** The home page's featured video (GET /home/page's homePageMedia), null when none is set. */
export const featuredVideo = async (db: DbOrTx): Promise<string | null> =>
  (await getSiteSettings(db)).home_page_media || null

/** Changes the given settings only. */
export async function updateSettings(db: DbOrTx, patch: SettingsPatch, supportEmail: string) {
  await db
    .updateTable('site_settings')
    .set({
      ...(patch.Facebook !== undefined && { facebook: patch.Facebook }),
      ...(patch.Instagram !== undefined && { instagram: patch.Instagram }),
      ...(patch.YouTube !== undefined && { youtube: patch.YouTube }),
      ...(patch.TikTok !== undefined && { tiktok: patch.TikTok }),
      ...(patch.supportEmail !== undefined && { support_email: patch.supportEmail }),
      ...(patch.homePageMedia !== undefined && { home_page_media: patch.homePageMedia }),
    })
    .execute()
  return siteSettings(db, supportEmail)
}
