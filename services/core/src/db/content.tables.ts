import type { ColumnType, Generated, Selectable } from 'kysely'

export interface InformationPagesTable {
  id: string
  path: string
  information_name: string
  information_description: Generated<string>
  place_area: 'menu' | 'footer'
  sort_order: Generated<number>
  is_active: Generated<boolean>
  created_at: ColumnType<Date, Date | undefined, never>
}
export type InformationPageRow = Selectable<InformationPagesTable>

export interface SiteSettingsTable {
  id: string
  facebook: Generated<string>
  instagram: Generated<string>
  youtube: Generated<string>
  tiktok: Generated<string>
  support_email: Generated<string>
}
export type SiteSettingsRow = Selectable<SiteSettingsTable>
