import {
  BIO_BLANK,
  CURRENT_PASSWORD_REQUIRED,
  FIRST_NAME_REQUIRED,
  isBlankBio,
  isWebLink,
  LAST_NAME_REQUIRED,
  signupPasswordProblem,
  socialLinkNotHttp,
  WEBSITE_NOT_HTTP,
  type UpdateUserBody,
  type User,
} from '@bookstrut/schemas'
import { emailPattern, isBlank, type FieldErrors } from '@/lib/validation'

/** Authors and publishers get the full form; readers the reduced one (no banner, website or bio). */
export type ProfileVariant = 'reader' | 'creator'

export type ProfileMemberType = 'reader' | 'author' | 'publisher'

export interface ProfileValues {
  firstName: string
  lastName: string
  email: string
  memberType: ProfileMemberType
  password: string
  confirmPassword: string
  /** Asked with a new password (OWASP ASVS V2.1.6): the server refuses a change without it. */
  currentPassword: string
  website: string
  socialLinks: string[]
  bio: string
}

export type SocialLinkField = `socialLinks.${number}`
export type ProfileField = Exclude<keyof ProfileValues, 'socialLinks'> | SocialLinkField

export const socialLinkField = (index: number): SocialLinkField => `socialLinks.${index}`

export const variantOf = (role: string | null | undefined): ProfileVariant =>
  role === 'reader' ? 'reader' : 'creator'

/** The form's starting values from the owner view of the account (websiteAndSocialLinks[0] is the website). */
export function profileValuesFromUser(user: User): ProfileValues {
  const [website = '', ...socials] = user.websiteAndSocialLinks
  const memberType: ProfileMemberType = user.role === 'admin' ? 'author' : user.role
  return {
    firstName: user.first_name,
    lastName: user.last_name,
    email: user.email,
    memberType,
    password: '',
    confirmPassword: '',
    currentPassword: '',
    website,
    socialLinks: socials.length > 0 ? socials : [''],
    bio: user.bio,
  }
}

/** Profile form rules and messages: the server's (`@bookstrut/schemas` profile-rules), under the form's names. */
export function validateProfile(values: ProfileValues, variant: ProfileVariant): FieldErrors<ProfileField> {
  const errors: FieldErrors<ProfileField> = {}
  if (isBlank(values.firstName)) errors.firstName = FIRST_NAME_REQUIRED
  if (isBlank(values.lastName)) errors.lastName = LAST_NAME_REQUIRED
  // Not in the spec's list, but the server rejects such an address; saying so here is kinder.
  if (isBlank(values.email)) errors.email = 'Email is required.'
  else if (!emailPattern.test(values.email.trim())) errors.email = 'Invalid email format.'
  // A new password follows the sign-up rule, as the server checks it (schemas password-rules.ts).
  const passwordProblem = values.password === '' ? null : signupPasswordProblem(values.password)
  if (passwordProblem) errors.password = passwordProblem
  if (values.password !== values.confirmPassword) errors.confirmPassword = 'Passwords do not match'
  if (values.password !== '' && values.currentPassword === '')
    errors.currentPassword = CURRENT_PASSWORD_REQUIRED
  if (variant === 'creator') {
    if (!isBlank(values.website) && !isWebLink(values.website)) errors.website = WEBSITE_NOT_HTTP
    values.socialLinks.forEach((link, index) => {
      if (!isBlank(link) && !isWebLink(link)) errors[socialLinkField(index)] = socialLinkNotHttp(index + 1)
    })
    if (isBlankBio(values.bio)) errors.bio = BIO_BLANK
  }
  return errors
}

/**
 * The JSON body of PUT /update/user. The website is always the first entry of websiteAndSocialLinks,
 * empty social links are dropped, and password/confirm_password are sent only when both are filled, with the
 * current password (current_password) that the server checks first.
 */
export function toUpdateUserBody(values: ProfileValues, variant: ProfileVariant): UpdateUserBody {
  const body: UpdateUserBody = {
    first_name: values.firstName.trim(),
    last_name: values.lastName.trim(),
    email: values.email.trim(),
    role: values.memberType,
  }
  if (variant === 'creator') {
    body.bio = values.bio
    body.websiteAndSocialLinks = [
      values.website.trim(),
      ...values.socialLinks.map((link) => link.trim()).filter((link) => link !== ''),
    ]
  }
  if (values.password !== '' && values.confirmPassword !== '') {
    body.password = values.password
    body.confirm_password = values.confirmPassword
    body.current_password = values.currentPassword
  }
  return body
}

/** Member Type choices: Author and Publisher for authors and publishers; Reader (locked) for readers. */
export function memberTypeOptions(variant: ProfileVariant): { value: ProfileMemberType; label: string }[] {
  return variant === 'reader'
    ? [{ value: 'reader', label: 'Reader' }]
    : [
        { value: 'author', label: 'Author' },
        { value: 'publisher', label: 'Publisher' },
      ]
}

/** The select's value as a member type, keeping the current one for anything unexpected. */
export const toProfileMemberType = (value: string, current: ProfileMemberType): ProfileMemberType =>
  value === 'reader' || value === 'author' || value === 'publisher' ? value : current
