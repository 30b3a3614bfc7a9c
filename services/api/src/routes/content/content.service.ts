import { contentRepo } from '@bookstrut/core'
import type { InformationLink, InformationListQuery, Settings } from '@bookstrut/schemas'
import type { Deps } from '../deps.js'

/** The information pages linked from the header (menu) or the footer. */
export async function listInformation(
  deps: Deps,
  placeArea: InformationListQuery['placeArea'],
): Promise<InformationLink[]> {
  const rows = await contentRepo.listInformationPages(deps.db, placeArea)
  return rows.map((r) => ({
    _id: r.id,
    path: r.path,
    information_name: r.information_name,
    placeArea: r.place_area,
  }))
}

/** The site settings, as the spec's one-entry list; the support address falls back to SUPPORT_EMAIL. */
export async function siteSettings(deps: Deps): Promise<Settings[]> {
  const s = await contentRepo.getSiteSettings(deps.db)
  return [
    {
      _id: s.id,
      Facebook: s.facebook,
      Instagram: s.instagram,
      YouTube: s.youtube,
      TikTok: s.tiktok,
      authEmailCredentials: { email: s.support_email || deps.config.supportEmail },
    },
  ]
}
