import { Type } from '@sinclair/typebox'
import { ReadersWordsPage, type ReadersWordsDecisionBody, type ReadersWordsQuery } from '@bookstrut/schemas'
import { apiRequest } from '@/lib/api-client'
import { useAdminList } from './admin-list'
import { useAdminWrite } from './admin-users'

/** One phrase of the queue as the console shows it. */
export type ReadersWordsRow = ReadersWordsPage['items'][number]

/** GET /admin/readers-words: topic candidates and agreed found-it ideas, pending first. */
export const useReadersWords = (query: ReadersWordsQuery) =>
  useAdminList('readers-words', '/admin/readers-words', ReadersWordsPage, { ...query })

/** PUT /admin/readers-words: approve or reject a pending phrase, withdraw an approved one. */
export const useDecideReadersWords = () =>
  useAdminWrite((body: ReadersWordsDecisionBody) =>
    apiRequest('/admin/readers-words', { method: 'PUT', body, schema: Type.Unknown() }),
  )
