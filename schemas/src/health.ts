import { Type, type Static } from '@sinclair/typebox'

const State = Type.Union([Type.Literal('up'), Type.Literal('down')])
export const Health = Type.Object({ db: State, redis: State, version: Type.String() })
export type Health = Static<typeof Health>
