import { useMemo, type ReactNode } from 'react'
import { useAuthModals } from '@/features/auth/hooks/use-auth-modals'
import { AccountPromptsContext, type AccountPrompts } from '@/lib/account-prompts'

/** Lets shared components (like and favourite buttons) open the auth feature's sign-in and blocked dialogs. */
export function AccountPromptsBridge({ children }: { children: ReactNode }) {
  const { openSignIn, openBlocked } = useAuthModals()
  const prompts = useMemo<AccountPrompts>(
    () => ({ signIn: openSignIn, blocked: openBlocked }),
    [openSignIn, openBlocked],
  )
  return <AccountPromptsContext value={prompts}>{children}</AccountPromptsContext>
}
