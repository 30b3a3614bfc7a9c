import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { PageSpinner } from '@/components/ui/spinner'
import { signOut } from '@/features/auth/hooks/use-session-actions'

/** /Logout: signs out, then goes to / with a full reload (spec reader-and-account section 2). */
export function Component() {
  const queryClient = useQueryClient()
  const started = useRef(false)
  useEffect(() => {
    // Strict mode runs effects twice in development; sign out once.
    if (started.current) return
    started.current = true
    void signOut(queryClient).then(() => window.location.replace('/'))
  }, [queryClient])
  return <PageSpinner label="Logging out, please wait..." />
}
