import { QueryClient } from '@tanstack/react-query'
import { isApiError } from './api-client'

/** Client errors (4xx) are answers, not glitches: retrying them only repeats the same answer. */
const shouldRetry = (failureCount: number, error: unknown) =>
  failureCount < 2 && !(isApiError(error) && error.status >= 400 && error.status < 500)

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 60_000 },
      mutations: { retry: false },
    },
  })
}

export const queryClient = createQueryClient()
