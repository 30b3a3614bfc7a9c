/**
 * The contact form's rules (spec reader-and-account section 5), one place for both sides: the server's body schema
 * (content.ts) uses the patterns, the client's live validation calls contactFormErrors.
 */
export const CONTACT_MESSAGES = {
  nameRequired: 'Name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Email is not valid',
  subjectRequired: 'Subject is required',
  messageRequired: 'Message is required',
  messageTooShort: 'Message must be at least 10 characters',
} as const

/** Something other than white space. */
export const CONTACT_TEXT_PATTERN = '\\S'
/** The spec's "simple x@y.z shape". */
export const CONTACT_EMAIL_PATTERN = '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$'
/** At least 10 characters once the white space around them is ignored (a first and a last visible one 9 apart). */
export const CONTACT_MESSAGE_PATTERN = '\\S[\\s\\S]{8,}\\S'

export interface ContactForm {
  name: string
  email: string
  subject: string
  message: string
}
export type ContactFormErrors = Partial<Record<keyof ContactForm, string>>

/** The first failing rule of each field, as the form shows them; {} when the form may be sent. */
export function contactFormErrors(form: ContactForm): ContactFormErrors {
  const errors: ContactFormErrors = {}
  if (!new RegExp(CONTACT_TEXT_PATTERN).test(form.name)) errors.name = CONTACT_MESSAGES.nameRequired
  if (!form.email.trim()) errors.email = CONTACT_MESSAGES.emailRequired
  else if (!new RegExp(CONTACT_EMAIL_PATTERN).test(form.email.trim()))
    errors.email = CONTACT_MESSAGES.emailInvalid
  if (!new RegExp(CONTACT_TEXT_PATTERN).test(form.subject)) errors.subject = CONTACT_MESSAGES.subjectRequired
  if (!form.message.trim()) errors.message = CONTACT_MESSAGES.messageRequired
  else if (!new RegExp(CONTACT_MESSAGE_PATTERN).test(form.message))
    errors.message = CONTACT_MESSAGES.messageTooShort
  return errors
}
