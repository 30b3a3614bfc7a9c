import validator from 'validator'

/*
 * One mailbox, one account (docs/analytics.md, "Who is a reader"). Many providers deliver several spellings of an
 * address to one mailbox: case everywhere, `+tags` at Gmail, Outlook/Hotmail/Live and iCloud, `-tags` at Yahoo,
 * dots in Gmail's local part, googlemail.com for gmail.com. A sock-puppet farm uses exactly that (x+1@, x+2@, X+3@
 * are one inbox and were three verified accounts), so an account is keyed by its mailbox's canonical form as well
 * as by the address typed.
 *
 * The provider rules are validator.js's `normalizeEmail` (a maintained library with the provider list; its
 * defaults are the rules above), not our own list: when a provider changes what it ignores, an update of the
 * library follows it. An address it does not take for an e-mail address is only trimmed and lower-cased.
 */
export function canonicalEmail(email: string): string {
  const typed = typedEmail(email)
  if (!validator.isEmail(typed)) return typed
  const canonical = validator.normalizeEmail(typed)
  return canonical === false ? typed : canonical
}

/** The address as typed, as accounts store it: trimmed and lower-cased (the mailbox's own spelling kept). */
export const typedEmail = (email: string): string => email.trim().toLowerCase()
