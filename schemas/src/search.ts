import { Type, type Static } from '@sinclair/typebox'
import { Id, PageNumber } from './common.js'

/** Keyword ("surface") search. The spec's client also sends status and isActive: only public titles are searched anyway. */
export const SurfaceSearchQuery = Type.Object(
  {
    query: Type.String({
      pattern: '\\S',
      maxLength: 500,
      errorMessage: {
        pattern: 'Please enter your search query.',
        maxLength: 'The search query is too long.',
      },
    }),
    page: Type.Optional(PageNumber),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 10 })),
    userid: Type.Optional(Id),
  },
  { errorMessage: { required: { query: 'Please enter your search query.' } } },
)
export type SurfaceSearchQuery = Static<typeof SurfaceSearchQuery>
