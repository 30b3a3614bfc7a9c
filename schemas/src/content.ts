import { Type, type Static } from '@sinclair/typebox'
import { Id } from './common.js'

export const PlaceArea = Type.Union([Type.Literal('menu'), Type.Literal('footer')])
export const InformationListQuery = Type.Object({ placeArea: Type.Optional(PlaceArea) })
export type InformationListQuery = Static<typeof InformationListQuery>

/** A dynamic information page as listed in the header's Other Menu and the footer. */
export const InformationLink = Type.Object({
  _id: Id,
  path: Type.String(),
  information_name: Type.String(),
  placeArea: PlaceArea,
})
export type InformationLink = Static<typeof InformationLink>

export const Settings = Type.Object({
  _id: Id,
  Facebook: Type.String(),
  Instagram: Type.String(),
  YouTube: Type.String(),
  TikTok: Type.String(),
  authEmailCredentials: Type.Object({ email: Type.String({ description: 'the support address' }) }),
})
export type Settings = Static<typeof Settings>
