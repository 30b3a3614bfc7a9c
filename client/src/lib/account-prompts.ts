import { createContext, useContext } from 'react'

/**
 * What shared components ask of the account dialogs, which belong to the auth feature: the app provides it
 * (app/layout/account-prompts-bridge.tsx) so a like button in components/ can open the sign-in dialog without
 * importing a feature.
 */
export interface AccountPrompts {
  /** A visitor tried something that needs an account: the sign-in dialog. */
  signIn: () => void
  /** A blocked account tried to write: the blocked notice with the admin's note. */
  blocked: (notes: string) => void
}

export const AccountPromptsContext = createContext<AccountPrompts | null>(null)

const none: AccountPrompts = { signIn: () => undefined, blocked: () => undefined }

/** The account dialogs; outside the app's layout (isolated component tests) they open nothing. */
export const useAccountPrompts = (): AccountPrompts => useContext(AccountPromptsContext) ?? none
