/**
 * The profile form's rules (spec author-and-content section 5, profile form), in one place: the server enforces
 * them and the client checks the same before sending, with the same messages.
 */
export const FIRST_NAME_REQUIRED = 'First Name is required.'
export const LAST_NAME_REQUIRED = 'Last Name is required.'
export const BIO_BLANK = 'Bio cannot be empty.'
export const WEBSITE_NOT_HTTP = "Website should start with 'http'."
/** `n` counts from 1: the first social link is the one after the website. */
export const socialLinkNotHttp = (n: number) => `Social link ${n} should start with 'http'.`

/** A website or social link: http:// or https:// and no whitespace (an empty one means none). */
export const WEB_LINK_PATTERN = '^https?://\\S+$'
const webLink = new RegExp(WEB_LINK_PATTERN, 'i')
export const isWebLink = (link: string) => webLink.test(link.trim())

/** An empty bio clears it; one of only whitespace is refused. */
export const isBlankBio = (bio: string) => bio !== '' && bio.trim() === ''
