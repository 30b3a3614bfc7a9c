import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { Toaster } from 'sonner'
import { queryClient as defaultClient } from '@/lib/query-client'

/** Query cache and the toast area (bottom-left, closing after 2 s). */
export function AppProvider({
  children,
  client = defaultClient,
}: {
  children: ReactNode
  client?: QueryClient
}) {
  return (
    <QueryClientProvider client={client}>
      {children}
      <Toaster position="bottom-left" duration={2000} closeButton richColors />
    </QueryClientProvider>
  )
}
