import { useMutation } from '@tanstack/react-query'
import { Type } from '@sinclair/typebox'
import { apiRequest } from '@/lib/api-client'

export interface ReportInput {
  userId: string
  reportTypeId: string
  bookId: string
  episodeId?: string | undefined
}

/** POST /create/reportpodcast {userId, reportTypeId, podcastId, episodeId} : reports a book. */
export const reportBook = ({ userId, reportTypeId, bookId, episodeId }: ReportInput) =>
  apiRequest('/create/reportpodcast', {
    method: 'POST',
    body: { userId, reportTypeId, podcastId: bookId, ...(episodeId ? { episodeId } : {}) },
    schema: Type.Null(),
  })

export const useReportBook = () => useMutation({ mutationFn: reportBook })
